import { Inflectors } from 'en-inflectors';
import indefinite from 'indefinite';
import pluralize from 'pluralize';
import { zipf } from './frequency';
import { spellingVariant } from './spelling';

/** How a query word is inflected relative to its lemma ('participle': a past form after have or be, "hasn't arrived"). */
export type Inflection = 'base' | 'plural' | 'past' | 'participle' | 'gerund' | 'third';

/** Particles and prepositions that end a phrasal head ("time off", "sign in"): never inflected themselves. */
export const PARTICLES = new Set(['off', 'in', 'out', 'up', 'on', 'down', 'over', 'away', 'back']);

/** The inflection of a token given its surface (lower-case), lemma and part of speech. */
export function inflectionOf(norm: string, lemma: string, pos: string): Inflection {
  if (norm === lemma) return 'base';
  // the tagger's lemma differs: "laptops" -> "laptop", "criteria" -> "criterion"; not a spelling it normalised
  // ("licence" -> "license")
  if (pos === 'NOUN') return pluralize.singular(norm) !== norm ? 'plural' : 'base';
  if (pos === 'VERB') {
    if (norm.endsWith('ing')) return 'gerund';
    if (norm.endsWith('ed') || norm !== lemma) {
      if (norm.endsWith('s') && !norm.endsWith('ss')) return 'third';
      return 'past';
    }
  }
  return 'base';
}

/** A plural of an -ing noun rarer than this (SUBTLEX-US Zipf) is not in use: "testings" 1.3, "trainings" 1.9. */
const PLURAL_IN_USE_ZIPF = 2;

/** Verbs whose past is their base form ("set", "put"): any other past equal to the base is a slip of the inflector. */
const INVARIANT_PAST = new Set('bet bid broadcast burst cast cost cut fit forecast hit hurt input let output put quit read reset rid set shed shut split spread thrust upset wed'.split(' '));
/** Verbs whose past participle is their base form ("has come", "has become"). */
const BASE_PARTICIPLE = new Set(['come', 'become', 'overcome', 'run', 'outrun', 'rerun', ...INVARIANT_PAST]);

/** The regular past: "update" -> "updated", "copy" -> "copied", "debit" -> "debited". */
function regularPast(word: string): string {
  if (word.endsWith('e')) return `${word}d`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ied`;
  return `${word}ed`;
}

/**
 * The past form by en-inflectors, unless it is no word in SUBTLEX-US ("authorise" -> "authorose", "team" ->
 * "tewas") or repeats the base of a verb that has a past of its own ("update", "debit"): then the regular past.
 */
function pastOf(word: string): string {
  const past = new Inflectors(word).toPast();
  if ((past === word && !INVARIANT_PAST.has(word)) || zipf(past) === 0) return regularPast(word);
  return past;
}

/**
 * The past participle of an irregular verb by en-inflectors ("take" -> "taken", "go" -> "gone", "come" -> "come") when
 * it is a word in use (Zipf >= 2: not "updeaten", "debitten", "shaven" for "shove") and not the base form of a verb
 * whose participle is not its base ("slide" -> "slid", "cope" -> "coped"); otherwise the past form.
 */
function participleOf(word: string): string {
  const past = pastOf(word);
  const participle = new Inflectors(word).toPastParticiple();
  if (participle === past || zipf(participle) < 2 || (participle === word && !BASE_PARTICIPLE.has(word))) return past;
  return participle;
}

function inflectWord(word: string, inflection: Inflection): string {
  if (!/^[a-z]+$/.test(word)) return word;
  switch (inflection) {
    case 'plural': {
      // a noun in -ing is mostly uncountable ("testing", "onboarding"): plural only when the plural is in use
      // ("meetings", "settings"), by the frequency list
      const plural = pluralize.plural(word);
      return word.endsWith('ing') && zipf(plural) < PLURAL_IN_USE_ZIPF ? word : plural;
    }
    case 'past':
      return pastOf(word);
    case 'participle':
      return participleOf(word);
    case 'gerund':
      return new Inflectors(word).toGerund();
    case 'third':
      return new Inflectors(word).toPresentS();
    case 'base':
      return word;
    default: {
      // exhaustive: a new inflection must be handled above
      const unhandled: never = inflection;
      return unhandled;
    }
  }
}

/**
 * Inflects an alternative (given in lemma form) like the query word it replaces: nouns by number,
 * verbs by tense. The head is the last word, or for a verb the first ("sign off" -> "signed off"); a phrase
 * ending in a particle inflects the word before it; acronyms and mixed-case words are left alone.
 */
export function inflectLike(alternative: string, inflection: Inflection, pos: string): string {
  if (inflection === 'base') return alternative;
  const words = alternative.split(' ');
  if (words.length === 0) return alternative;
  // a noun phrase ending in a particle ("time off") has no plural of its own
  if (pos !== 'VERB' && PARTICLES.has(words[words.length - 1])) return alternative;
  let head = pos === 'VERB' ? 0 : words.length - 1;
  if (pos !== 'VERB' && words.length > 2 && words.some((w) => w === 'of' || w === 'for')) {
    // "letter of intent": the noun before "of" carries the number
    const of = words.findIndex((w) => w === 'of' || w === 'for');
    if (of > 0) head = of - 1;
  }
  words[head] = inflectWord(words[head], inflection);
  return words.join(' ');
}

/** An indefinite article ending the text before a span, with what precedes it (start of text, space, bracket or quote). */
const ARTICLE_BEFORE = /(^|[\s("'])(a|an|A|An|AN)(\s+)$/;
const firstWord = (s: string) => s.trim().split(/\s+/)[0].toLowerCase();

/**
 * The text before a replaced span, its indefinite article made to agree with the replacement (indefinite's rules:
 * vowel sound, "an hour", "an SLA"): "raise an IT ticket" -> "raise a support ticket". Left as written when
 * - the article is a capital "A" inside the query: more often a label ("building A");
 * - the replacement begins with the span's own first word (the catalogue's lower-case "sla violation" for
 *   "SLA breach" keeps "an");
 * - the library would not have written the query's own article before the span ("an FY24 budget", "exhibit a
 *   addendum"): where it misreads the span, or the "a" is not an article, its choice for the replacement is no better.
 */
export function agreeArticle(before: string, surface: string, replacement: string): string {
  const m = ARTICLE_BEFORE.exec(before);
  if (!m) return before;
  const at = m.index + m[1].length;
  const article = m[2];
  if (article === 'A' && /[\p{L}\p{N}]/u.test(before.slice(0, at))) return before;
  if (firstWord(replacement) === firstWord(surface)) return before;
  if (indefinite(surface, { articleOnly: true }) !== article.toLowerCase()) return before;
  const wanted = indefinite(replacement, { articleOnly: true });
  if (wanted === article.toLowerCase()) return before;
  // "An" and "AN" become "A", an opening "A" becomes "An"
  const written = article[0] === 'A' ? wanted[0].toUpperCase() + wanted.slice(1) : wanted;
  return before.slice(0, at) + written + m[3];
}

/** The forms a word may be an inflection of: itself, its singular (pluralize) and its verb's base (en-inflectors). */
function basesOf(word: string): string[] {
  return [word, pluralize.singular(word), new Inflectors(word).toPresent()];
}

/**
 * Whether two lower-case words are one word in another inflection or spelling variety: "testing" / "test",
 * "licence" / "licenses", "reviews" / "review" (plural and verb forms only, never derivations: "office" and "officer",
 * "experience" and "experiment" are different words).
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // every inflection and spelling variety of a word keeps its first letter but a few irregular verbs' ("go" / "went"),
  // which never meet here: the inflectors run only for the rare pair that could be one word
  if (a.length === 0 || a[0] !== b[0]) return false;
  const bs = new Set(basesOf(b));
  const va = spellingVariant(a);
  const vb = spellingVariant(b);
  if (vb !== undefined) for (const x of basesOf(vb)) bs.add(x);
  return [a, ...(va === undefined ? [] : [va])].some((w) => basesOf(w).some((x) => bs.has(x)));
}

/**
 * Whether two lower-case words are one noun in singular or plural, in either spelling variety ("licence" / "licenses",
 * "agreement" / "agreements"), never another inflection ("modeling" / "models"): sameWord for nouns only.
 */
export function sameNoun(a: string, b: string): boolean {
  const sb = pluralize.singular(b);
  return pluralize.singular(a) === sb || pluralize.singular(spellingVariant(a) ?? a) === sb;
}
