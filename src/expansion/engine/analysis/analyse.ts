import { LIMITS } from '../limits';
import { PARTICLE_END, prepare, STOPWORDS, tokenSpans } from '../normalize';
import { inflectionOf, type Inflection } from './inflect';
import { tag, type UPos } from './tagger';

/** The coarse part of speech that decides which senses a word may take. */
export type WordClass = 'noun' | 'verb' | 'adj' | 'other';

/** One token of the analysed query. */
export interface QueryToken {
  /** normalised surface (lower-case) */
  norm: string;
  /** dictionary form: "laptops" -> "laptop", "churned" -> "churn" */
  lemma: string;
  pos: UPos;
  wordClass: WordClass;
  inflection: Inflection;
  /** offsets in the prepared text */
  start: number;
  end: number;
  /** a content head that may be replaced (noun, verb or adjective; not a function word or a light verb) */
  content: boolean;
  /** part of a run of two or more nouns ("unit test", "customer churn analysis") */
  inNounRun: boolean;
}

export interface QueryAnalysis {
  /** the prepared (NFKC) text that offsets refer to */
  text: string;
  tokens: QueryToken[];
}

/**
 * Verbs that carry tense, aspect or modality rather than meaning in a search query ("keeps crashing",
 * "need to reset", "get access"): never replaced.
 */
export const LIGHT_VERBS = new Set([
  'be', 'have', 'do', 'get', 'keep', 'go', 'let', 'make', 'need', 'want', 'try', 'seem', 'become', 'can', 'could',
  'will', 'would', 'should', 'may', 'might', 'must', 'shall', 'stop', 'start', 'continue', 'use', 'find', 'see', 'know',
]);

/** Words whose adverb/adjective readings only intensify ("very", "really", "pretty slow"): never replaced. */
export const INTENSIFIERS = new Set(['very', 'really', 'pretty', 'quite', 'too', 'so', 'extremely', 'super', 'totally', 'still', 'just', 'always', 'never', 'again']);

const NOUNISH = new Set<UPos>(['NOUN', 'PROPN']);
/** Tags of a particle or adverb at the end of a hyphenated word ("sign-off"), which names a thing. */
const PARTICLE_POS = new Set<UPos>(['ADP', 'PART', 'ADV']);

function classOf(pos: UPos): WordClass {
  if (pos === 'NOUN') return 'noun';
  if (pos === 'VERB') return 'verb';
  if (pos === 'ADJ') return 'adj';
  return 'other';
}

/**
 * Two repairs of tagger readings that keyword-style queries need (docs/EXPANSION.md, "Analysis"; a third, which
 * needs the thesaurus, is retagInitialNoun below):
 *  - a word tagged as a verb between two nouns, written in its base or -s form, is a noun in a noun
 *    phrase ("customer churn analysis", "holiday leave request", "server logs show");
 *  - a query-initial word tagged as a noun that is followed by a determiner or pronoun is an imperative
 *    verb ("report a bug", "sign the contract", "reset my password").
 */
function repair(tokens: { norm: string; lemma: string; pos: UPos }[]): void {
  for (let i = 1; i + 1 < tokens.length; i++) {
    const t = tokens[i];
    if ((t.pos === 'VERB' || t.pos === 'AUX') && !t.norm.endsWith('ing') && !t.norm.endsWith('ed') && NOUNISH.has(tokens[i - 1].pos) && tokens[i + 1].pos === 'NOUN') {
      t.pos = 'NOUN';
      t.lemma = t.norm.endsWith('s') && t.lemma !== t.norm ? t.lemma : t.norm;
    }
  }
  if (tokens.length > 1 && tokens[0].pos === 'NOUN' && (tokens[1].pos === 'DET' || tokens[1].pos === 'PRON')) tokens[0].pos = 'VERB';
}

/**
 * A third repair, which needs a lexicon and so runs in expand() rather than in analyse(): a query-initial word
 * that the tagger read as an imperative verb is a noun when the lexicon knows it only as a noun (`nounOnly`: the
 * enterprise thesaurus has sets of that lemma as a noun and none as a verb) and what follows shows a noun phrase
 * rather than an object: a singular noun that it modifies ("churn playbook") or a state ("lift not working",
 * "lift out of order"). Anything else keeps the verb: "reset my password", "lift heavy boxes", "pay off my card",
 * "spend on travel".
 */
export function retagInitialNoun(analysis: QueryAnalysis, nounOnly: (lemma: string) => boolean): void {
  const [first, next, after] = analysis.tokens;
  if (!first || !next || first.pos !== 'VERB' || first.norm !== first.lemma) return;
  const compound = NOUNISH.has(next.pos) && next.inflection !== 'plural' && next.inflection !== 'third';
  const state = next.norm === 'not' || (next.norm === 'out' && after?.norm === 'of');
  if (!compound && !state) return;
  if (!nounOnly(first.lemma)) return;
  first.pos = 'NOUN';
  first.wordClass = 'noun';
  first.content = !STOPWORDS.has(first.norm) && !INTENSIFIERS.has(first.norm) && /^[a-z][a-z-]*[a-z]$/.test(first.norm);
  if (compound) first.inNounRun = next.inNounRun = true;
}

/**
 * Forms of have and be before a past participle ("hasn't arrived", "was approved", "we're blocked"), with or without
 * the apostrophe, as the tokenizer writes them; "it's" and the like are read from the pronoun's token (CONTRACTING).
 */
const PERFECT_OR_PASSIVE = new Set(
  (
    "has have had hasn't haven't hadn't hasnt havent hadnt i've we've you've they've is are am was were be been being " +
    "isn't aren't wasn't weren't isnt arent wasnt werent we're you're they're i'm get gets got gotten"
  ).split(' '),
);
/** Pronouns whose contraction with have or be ("it's", "what's") the tokenizer folds into the pronoun's token. */
const CONTRACTING = new Set(['it', 'that', 'what', 'who', 'there', 'he', 'she', 'we', 'you', 'they', 'i']);

/**
 * Whether the past form at i follows a form of have or be, perhaps across "not", "been" or adverbs ("has not been paid",
 * "has finally arrived").
 */
function afterAuxiliary(text: string, tokens: readonly { norm: string; pos: string; start: number; end: number }[], i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 3; k--) {
    if (PERFECT_OR_PASSIVE.has(tokens[k].norm) || (CONTRACTING.has(tokens[k].norm) && /['’](s|re|m|ve)$/i.test(text.slice(tokens[k].start, tokens[k].end)))) return true;
    // "not" is a particle, "been" an auxiliary in the set above
    if (tokens[k].pos !== 'ADV' && tokens[k].pos !== 'PART') return false;
  }
  return false;
}

/**
 * Analyses a query once: tokens as the engine's tokenizer cuts them (offsets, normalised forms), each with
 * the part of speech and lemma of the tagger token(s) it covers (the last one, the head, when several).
 */
export function analyse(query: string): QueryAnalysis {
  const text = prepare(query);
  const spans = tokenSpans(text, LIMITS.MAX_QUERY_TOKENS);
  if (spans.length === 0) return { text, tokens: [] };
  const tagged = tag(text.slice(0, spans[spans.length - 1].end));
  const rows: { norm: string; lemma: string; pos: UPos }[] = [];
  let j = 0;
  for (const s of spans) {
    while (j < tagged.length && tagged[j].end <= s.start) j++;
    let k = j;
    let head: (typeof tagged)[number] | undefined;
    let pieces = 0;
    while (k < tagged.length && tagged[k].start < s.end) {
      head = tagged[k];
      pieces++;
      k++;
    }
    const exact = pieces === 1 && head !== undefined && head.start === s.start && head.end === s.end;
    const lemma = exact && head ? head.lemma.toLowerCase() : s.norm;
    // a token the tagger cut in pieces ("ci/cd", "node.js", "c++") is a name: a noun
    // a hyphenated word ending in a particle ("sign-off", "follow-up", "check-in") is a noun, not its particle
    const pos: UPos = head === undefined ? 'X' : exact ? head.pos : /^[a-z]+(-[a-z]+)*$/.test(s.norm) ? (PARTICLE_POS.has(head.pos) && PARTICLE_END.test(s.norm) ? 'NOUN' : head.pos) : 'PROPN';
    rows.push({ norm: s.norm, lemma: lemma || s.norm, pos });
  }
  repair(rows);
  const tokens: QueryToken[] = rows.map((r, i) => {
    const wordClass = classOf(r.pos);
    const light = wordClass === 'verb' && (LIGHT_VERBS.has(r.lemma) || (i + 1 < rows.length && rows[i + 1].pos === 'VERB' && rows[i + 1].norm.endsWith('ing')));
    const content = wordClass !== 'other' && !light && !STOPWORDS.has(r.norm) && !INTENSIFIERS.has(r.norm) && /^[a-z][a-z-]*[a-z]$/.test(r.norm);
    return {
      norm: r.norm,
      lemma: r.lemma,
      pos: r.pos,
      wordClass,
      inflection: inflectionOf(r.norm, r.lemma, r.pos),
      start: spans[i].start,
      end: spans[i].end,
      content,
      inNounRun: false,
    };
  });
  for (let i = 0; i < tokens.length; i++) if (tokens[i].inflection === 'past' && afterAuxiliary(text, tokens, i)) tokens[i].inflection = 'participle';
  for (let i = 0; i < tokens.length; i++) {
    if (!NOUNISH.has(tokens[i].pos)) continue;
    let e = i;
    while (e + 1 < tokens.length && NOUNISH.has(tokens[e + 1].pos)) e++;
    if (e > i) for (let k = i; k <= e; k++) tokens[k].inNounRun = true;
    i = e;
  }
  return { text, tokens };
}
