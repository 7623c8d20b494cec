import { Inflectors } from 'en-inflectors';
import { stemmer } from 'en-stemmer';
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
      return new Inflectors(word).toPast();
    case 'participle':
      return new Inflectors(word).toPastParticiple();
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

/**
 * Whether two lower-case words are one word in another inflection or spelling variety (Porter stems, en-stemmer;
 * the British/American spelling table): "testing" / "test", "licence" / "licenses", "reviews" / "review".
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const sa = stemmer(a);
  const sb = stemmer(b);
  if (sa === sb) return true;
  const va = spellingVariant(a);
  const vb = spellingVariant(b);
  return (va !== undefined && stemmer(va) === sb) || (vb !== undefined && stemmer(vb) === sa);
}
