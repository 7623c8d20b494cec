import { inflectLike, zipf } from '../analysis';
import { domainMatchOf } from '../domains';
import type { ThesaurusHit } from '../thesaurus';
import type { LogisticModel } from '../calibration';
import type { MatchState } from './types';
import type { Candidate, MatchSpan } from '../candidates';
import type { Inflection, WordClass } from '../analysis';
import { SPELLING_VARIANT_FACTOR } from './lexicons';
import { otherSpelling } from './spelling';
import { phraseKeys } from './units';
import { canonicalKey, tokenize } from '../normalize';

/** Source score of a thesaurus alternative before calibration (docs/EXPANSION.md, "Thesaurus"). */
export const THESAURUS_SCORE = {
  base: 0.85,
  /** per position of the alternative in its set (later members are less common wordings) */
  perMember: 0.1,
  domainMatch: 1,
  neutral: 0.9,
  domainMismatch: 0.6,
  /** sets labelled general: workplace-wide wording is looser than a domain's */
  generalSet: 0.85,
  /** a longer wording for a single word ("approve" -> "give approval") */
  longerWording: 0.8,
  /**
   * a wording whose rarest word is below this Zipf value in SUBTLEX-US is discounted ("storey", "logotype");
   * low, because film subtitles under-count office words ("vendor", "invoice")
   */
  rareZipf: 2.5,
  rareWording: 0.75,
} as const;

const NOUNISH = new Set(['NOUN', 'PROPN']);
/** A thesaurus candidate has one sense per set, so judgments of its pair may always lift it (judgmentsApply). */
const NO_SENSE_RANK: Readonly<Record<string, unknown>> = {};
/** A word this common in SUBTLEX-US is a word of its own, not a shortening spelt with some letters of another. */
const SHORTENING_MAX_ZIPF = 3;

/** The features a fitted model weighs (calibration.json thesaurus_model), all 0/1 or small counts. */
export const THESAURUS_FEATURES = ['member', 'term_member', 'set_size', 'domain_match', 'domain_mismatch', 'request_domain', 'general_set', 'compound', 'context_gated', 'context_hit', 'longer_wording', 'rare_wording', 'verb', 'after_noun', 'before_noun', 'wordnet_agrees', 'unsupported', 'nested', 'clipped', 'same_letters', 'chained'] as const;

const weightCache = new WeakMap<LogisticModel, Float64Array>();
/** A fitted model's weights in THESAURUS_FEATURES order (0 for a feature it does not know). */
function modelWeights(model: LogisticModel): Float64Array {
  let w = weightCache.get(model);
  if (!w) weightCache.set(model, (w = Float64Array.from(THESAURUS_FEATURES, (f) => model.weights[f] ?? 0)));
  return w;
}

/** 1 for a wording of known words, less for one with a word that is rare even in speech. */
export function commonness(alt: string): number {
  return zipf(alt) >= THESAURUS_SCORE.rareZipf ? 1 : THESAURUS_SCORE.rareWording;
}

/**
 * True when a word is a shortening of another: its beginning ("org", "organizational"; "test", "testing"), or, for a
 * word that is rare in its own right, its first letter and the rest in order ("vars", "variables"; "stale" is no
 * shortening of "stalled", nor "action" of "acquisition").
 */
function shortens(short: string, long: string): boolean {
  if (short.length < 2 || short.length >= long.length || short[0] !== long[0]) return false;
  if (long.startsWith(short)) return true;
  if (short.length < 3 || zipf(short) >= SHORTENING_MAX_ZIPF) return false;
  let j = 1;
  for (let i = 1; i < short.length; i++) {
    while (j < long.length && long[j] !== short[i]) j++;
    if (j++ >= long.length) return false;
  }
  return true;
}

/**
 * True when two wordings have the same number of words and every word that differs is a shortening of the other's
 * word at its place ("mat leave" / "maternity leave", "env vars" / "environment variables", "reorg").
 */
export function clipped(a: string, b: string): boolean {
  const x = a.toLowerCase().split(/[\s-]+/);
  const y = b.toLowerCase().split(/[\s-]+/);
  if (x.length !== y.length) return false;
  let differs = false;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    differs = true;
    if (!shortens(x[i], y[i]) && !shortens(y[i], x[i])) return false;
  }
  return differs;
}

/**
 * True when two wordings are the same letters and digits written otherwise: open, closed or hyphenated, or with other
 * punctuation ("payslip" / "pay slip", "cutoff" / "cut-off"). Letters outside a-z are not compared (the thesaurus is
 * written in ASCII).
 */
export function sameLetters(a: string, b: string): boolean {
  if (a === b) return false;
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const la = letters(a);
  return la !== '' && la === letters(b);
}

/** Where a set's members replace a stretch of the query, as the features describe it. */
interface Place {
  span: MatchSpan;
  /** the words looked up (the unit's, or an acronym's expansion) */
  words: readonly string[];
  /** the key looked up: the words with the head as its lemma */
  key: string;
  single: boolean;
  nested: boolean;
  afterNoun: number;
  beforeNoun: number;
  /** how a noun replacement is inflected, and a verb's or adjective's */
  inflection: Inflection;
  /** the acronym this place spells out, and its sense's source score (a chained place) */
  chain?: { acronym: string; raw: number; expansion: string };
}

/**
 * The enterprise thesaurus: a unit (a word of the tagged part of speech, or a whole compound) is
 * looked up by its lemma; a set with context words applies only when one of them is in the query or
 * its context, or when the request's domain serves the set's. An acronym's expansion is looked up too
 * (chained): "NDA" -> "confidentiality agreement" through "non-disclosure agreement".
 */
export function matchThesaurus(state: MatchState): void {
  const th = state.thesaurus;
  if (!th) return;
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  const acronyms = builder.candidates.filter(chainable);
  for (const u of state.units) {
    if (builder.full) break;
    const single = u.tokEnd - u.tokStart === 1;
    const head = tokens[u.tokEnd - 1];
    if (single && !head.content) continue;
    const words = tokens.slice(u.tokStart, u.tokEnd).map((t) => t.norm);
    const lemmaKey = [...words.slice(0, -1), head.lemma].join(' ');
    let hits: readonly ThesaurusHit[] = th.lookup(lemmaKey);
    if (hits.length === 0) for (const k of phraseKeys(tokens, u.tokStart, u.tokEnd)) if ((hits = th.lookup(k)).length > 0) break;
    if (hits.length === 0) continue;
    const place: Place = {
      span: builder.span(u.tokStart, u.tokEnd),
      words,
      key: lemmaKey,
      single,
      nested: u.nested === true,
      afterNoun: u.tokStart > 0 && NOUNISH.has(tokens[u.tokStart - 1].pos) ? 1 : 0,
      beforeNoun: u.tokEnd < tokens.length && NOUNISH.has(tokens[u.tokEnd].pos) ? 1 : 0,
      inflection: head.inflection,
    };
    proposeFrom(state, place, hits, single ? head.wordClass : undefined);
  }
  for (const c of acronyms) {
    if (builder.full) break;
    // the expansion as the thesaurus keys its members: normalised words ("Europe, the Middle East and Africa")
    const words = tokenize(c.useSynonym);
    const expansion = words.join(' ');
    let hits = th.lookup(expansion);
    if (hits.length === 0) hits = th.lookup(canonicalKey(words));
    // a set that lists the query's word itself ("capex" beside "capital expenditure") reached it as a unit already
    const own = canonicalKey(c.span.norm.split(' '));
    hits = hits.filter((h) => !h.set.terms.some((t) => t === c.span.norm || canonicalKey(t.split(' ')) === own));
    if (hits.length === 0) continue;
    const { tokStart, tokEnd } = c.span;
    proposeFrom(
      state,
      {
        span: c.span,
        words,
        key: expansion,
        single: words.length === 1,
        nested: false,
        afterNoun: tokStart > 0 && NOUNISH.has(tokens[tokStart - 1].pos) ? 1 : 0,
        beforeNoun: tokEnd < tokens.length && NOUNISH.has(tokens[tokEnd].pos) ? 1 : 0,
        // the acronym written as a plural ("SDRs") was shown as the expansion's plural
        inflection: tokenize(c.replacement).join(' ') === expansion ? 'base' : 'plural',
        chain: { acronym: c.useTerm, raw: c.raw, expansion: c.useSynonym },
      },
      hits,
      'noun',
    );
  }
}

/** Senses' source scores below this are not chained through the thesaurus: the sense itself is unlikely. */
const CHAIN_MIN_SENSE = 0.5;

/**
 * An acronym lexicon's expansion of a word of the query, in the form the lexicon lists it (not a long form offered
 * the acronym, a period code's wording or a spelling variant), of the sense the query's domain and context rank first
 * (judgments of a chained pair may lift it, as they never lift a lower-ranked sense) and likely enough to chain
 * through the thesaurus.
 */
export function chainable(c: Candidate): boolean {
  return c.source === 'acronym_lexicon' && c.features.sense_rank === 0 && c.raw >= CHAIN_MIN_SENSE && c.features.direction === undefined && c.features.pattern === undefined && c.features.variant === undefined;
}

/** Scratch for one candidate's features, reused by every call (filled and read before the next candidate). */
const FEATURE_VECTOR = new Float64Array(THESAURUS_FEATURES.length);

/** Every other member of each set reached at a place, as a candidate for that place. */
function proposeFrom(state: MatchState, place: Place, hits: readonly ThesaurusHit[], wordClass: WordClass | undefined): void {
  const { builder } = state;
  const model = state.thesaurusModel;
  const weights = model ? modelWeights(model) : undefined;
  const vector = FEATURE_VECTOR;
  const { span, words, single, chain } = place;
  const wnEntry = state.wordnet?.entry(place.key, wordClass === undefined || wordClass === 'other' ? 'noun' : wordClass);
  const wnWords = wnEntry ? new Set(wnEntry.senses.flatMap((s) => s.words)) : undefined;
  for (const { set, member } of hits) {
    if (wordClass !== undefined && set.pos !== wordClass) continue; // only the sense of the word's part of speech
    const dm = domainMatchOf(set.domain, builder.domain);
    let ctxHits = 0;
    if (set.context_words) for (const w of set.context_words) if (builder.contextWords.has(w) && !words.includes(w)) ctxHits++;
    // an ambiguous word without evidence for this meaning (a compound is specific enough on its own): the
    // hand-set score refuses it; a fitted model weighs the missing evidence like any other feature
    const unsupported = set.context_words !== undefined && single && ctxHits === 0 && dm !== 1;
    if (unsupported && !model) continue;
    const domainFactor = dm === 1 ? THESAURUS_SCORE.domainMatch : dm === 0 ? THESAURUS_SCORE.neutral : THESAURUS_SCORE.domainMismatch;
    for (let pos = 0; pos < set.terms.length; pos++) {
      if (pos === member) continue;
      const alt = set.terms[pos];
      const term = chain ? chain.acronym : set.terms[member];
      const longer = alt.split(' ').length > words.length ? THESAURUS_SCORE.longerWording : 1;
      const general = set.domain === 'general' ? THESAURUS_SCORE.generalSet : 1;
      const sense = chain ? chain.raw : 1;
      const upper = THESAURUS_SCORE.base * (1 - THESAURUS_SCORE.perMember * Math.min(pos, 4)) * domainFactor * longer * general * sense;
      // the set's judgments lend to its own members' pairs, not to an acronym reached through one
      const setKey = chain ? undefined : set.key;
      if (!weights && builder.hopeless('thesaurus', upper, term, alt, NO_SENSE_RANK, setKey)) continue;
      const rare = commonness(alt) < 1;
      // in THESAURUS_FEATURES order; a plain array, so a candidate that cannot pass costs no object
      vector[0] = pos;
      vector[1] = member;
      vector[2] = set.terms.length;
      vector[3] = dm === 1 ? 1 : 0;
      vector[4] = dm === -1 ? 1 : 0;
      vector[5] = builder.domain ? 1 : 0;
      vector[6] = set.domain === 'general' ? 1 : 0;
      vector[7] = single ? 0 : 1;
      vector[8] = set.context_words ? 1 : 0;
      vector[9] = ctxHits > 0 ? 1 : 0;
      vector[10] = longer < 1 ? 1 : 0;
      vector[11] = rare ? 1 : 0;
      vector[12] = set.pos === 'verb' ? 1 : 0;
      // position in a noun phrase: modified by a noun before it, or itself modifying the noun after it
      vector[13] = place.afterNoun;
      vector[14] = place.beforeNoun;
      // an independent source lists the pair as synonyms in one of the word's frequent senses
      vector[15] = wnWords !== undefined && wnWords.has(alt) ? 1 : 0;
      vector[16] = unsupported ? 1 : 0;
      // a compound inside a longer listed one
      vector[17] = place.nested ? 1 : 0;
      // one wording is the other with words shortened ("mat leave" / "maternity leave", "env vars")
      vector[18] = clipped(set.terms[member], alt) ? 1 : 0;
      // the query's one word is the alternative written open or hyphenated ("payslip" -> "pay slip"); an open
      // wording in the query may be an ordinary phrase ("new line manager" is no "newline manager"), so not the reverse
      vector[19] = single && !chain && sameLetters(set.terms[member], alt) ? 1 : 0;
      // reached through an acronym's expansion
      vector[20] = chain ? 1 : 0;
      let raw: number;
      if (weights && model) {
        let z = model.bias;
        for (let f = 0; f < weights.length; f++) z += weights[f] * vector[f];
        // a chained pair is as likely as the acronym's sense and the set's pair both
        raw = sense / (1 + Math.exp(-z));
        if (builder.hopeless('thesaurus', raw, term, alt, NO_SENSE_RANK, setKey)) continue;
      } else raw = upper * (rare ? THESAURUS_SCORE.rareWording : 1);
      const features: Record<string, number | string> = { set_domain: set.domain, pos: set.pos };
      THESAURUS_FEATURES.forEach((name, f) => (features[name] = vector[f]));
      if (chain) {
        features.via = chain.expansion;
        features.sense_score = Math.round(chain.raw * 1e4) / 1e4;
      }
      // adjectives and adjective phrases ("not working" -> "out of order") keep their own form
      // a noun takes the query's number only: a compound ending in a verb form ("calendar not syncing") is not
      // a tense to copy onto "calendar sync issue"; a final plural the tagger read as a verb's -s form ("new
      // hires", "meeting invites") is a plural
      const inflection = set.pos !== 'noun' ? place.inflection : place.inflection === 'plural' || place.inflection === 'third' ? 'plural' : 'base';
      const shown = set.shown?.[pos] ?? alt;
      const replacement = set.pos === 'adj' ? shown : inflectLike(shown, inflection, set.pos === 'verb' ? 'VERB' : 'NOUN');
      const candidate = {
        kind: 'synonym',
        source: 'thesaurus',
        raw,
        domain: set.domain,
        domainMatch: dm,
        contextHits: ctxHits,
        scoped: false,
        useTerm: term,
        useSynonym: alt,
        success: null,
        features,
        set: setKey,
      } as const;
      builder.add(span, replacement, candidate);
      // a noun or adjective wording in the other spelling variety too, just after it ("reorg" -> "reorganisation")
      const variant = set.pos === 'verb' ? undefined : otherSpelling(replacement, [builder.domain, set.domain]);
      if (variant !== undefined) builder.add(span, variant, { ...candidate, raw: raw * SPELLING_VARIANT_FACTOR, useSynonym: otherSpelling(alt, [builder.domain, set.domain]) ?? variant, features: { ...features, variant: 'british/american spelling' } });
    }
  }
}
