import { inflectLike, PARTICLES, sameNoun, zipf } from '../analysis';
import { logistic } from '../calibration';
import { CompiledLexiconEntry, longFormsOf, rankSenses } from '../lexicon';
import { domainMatchOf } from '../domains';
import { LIMITS } from '../limits';
import { canonicalToken, isInvariant } from '../normalize';
import { otherSpelling } from './spelling';
import { phraseKeys } from './units';
import type { LexiconMap } from '../types';
import type { MatchState } from './types';

/**
 * A case-sensitive acronym key (also an ordinary word) is read as the acronym only when written in capitals or as the
 * key is ("MoSCoW"), or so in the plural: a capital first letter alone is a sentence's or a title's ("Did my expenses",
 * "So how do I", "It keeps crashing").
 */
function writtenAsAcronym(surface: string, key: string): boolean {
  const bare = surface.endsWith('s') && surface.slice(0, -1).toUpperCase() === surface.slice(0, -1) ? surface.slice(0, -1) : surface;
  return bare === key || (/[A-Z]/.test(bare) && bare === bare.toUpperCase() && bare.length > 1);
}

/** Priors of the lexicons' best sense before calibration, and factors for unusual casing. */
export const LEXICON_PRIOR = { acronym: 0.9, abbreviation: 0.85 } as const;
/** Offering the acronym for its spelled-out long form ("non-disclosure agreement" -> NDA). */
export const LONG_FORM_FACTOR = 0.95;
/** A long form in the other spelling variety ranks just after the form the lexicon lists. */
export const SPELLING_VARIANT_FACTOR = 0.98;
export const LEXICON_CASE_FACTOR = {
  /** acronym written all lower-case in the query ("api") */
  lowercaseAcronym: 0.9,
  /** abbreviation written in capitals ("MGMT") */
  uppercaseAbbreviation: 0.85,
} as const;
/** The features a fitted acronym model weighs (calibration.json acronym_model). */
export const ACRONYM_FEATURES = ['sense_rank', 'senses', 'sense_prior', 'domain_match', 'domain_mismatch', 'request_domain', 'context_hit', 'lowercase', 'long_form', 'period', 'short_acronym', 'nested'] as const;
type AcronymFeatures = Record<(typeof ACRONYM_FEATURES)[number], number>;

/** The acronym lexicon's source score: the fitted model when there is one, else the hand-set score. */
function acronymScore(state: MatchState, f: AcronymFeatures, handSet: number): number {
  return state.acronymModel ? logistic(state.acronymModel, f) : handSet;
}

/**
 * A word this common (Zipf, SUBTLEX-US) is an English word, never an acronym's plural, unless written as capitals and
 * a lower-case "s": "bias" and "Bias" are not BIAs, "dos" not DOs; "pos" (2.5) and "prs" may still be POs and PRs.
 */
const COMMON_WORD_ZIPF = 3;

/** Words after which an expansion's last word is no head to pluralise ("software as a service", "cost per click"). */
const HEADLESS = new Set(['a', 'an', 'as', 'per', 'to', 'the', 'and', 'or', 'in', 'on', 'at', 'by']);

/** Senses of an ambiguous key proposed at most. */
const MAX_SENSES = 3;

const ORDINAL = ['first', 'second', 'third', 'fourth'];

/**
 * Period codes read by pattern rather than listed, every wording the spelled-out ones first: FY24 / FY2024 ->
 * fiscal year 2024, financial year 2024 and the other code form (FY24 <-> FY2024; FY2000-FY2099 only, so "FY1999" does not become
 * "FY99" of this century), Q3 -> third quarter, H1 -> first half; Q3FY24 is left alone.
 */
export function periodForms(token: string): string[] {
  let m = /^fy'?(\d{2}|\d{4})$/i.exec(token);
  if (m) {
    const year = m[1].length === 2 ? '20' + m[1] : m[1];
    // "fiscal year" in American usage, "financial year" in British: one period, and documents use either
    const forms = [`fiscal year ${year}`, `financial year ${year}`];
    if (m[1].length === 2) forms.push(`FY${year}`);
    else if (year.startsWith('20')) forms.push(`FY${year.slice(2)}`);
    return forms;
  }
  m = /^q([1-4])$/i.exec(token);
  if (m) return [`${ORDINAL[Number(m[1]) - 1]} quarter`];
  m = /^h([12])$/i.exec(token);
  if (m) return [`${ORDINAL[Number(m[1]) - 1]} half`];
  return [];
}

function matchLexicon(state: MatchState, map: LexiconMap, kind: 'acronym' | 'abbreviation'): void {
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  let spans = 0;
  // every word not inside a catalogue phrase: an acronym inside a compound ("CI pipeline") is still expanded
  const inPhrase = new Uint8Array(tokens.length);
  for (const u of state.catalogueUnits) if (u.tokEnd - u.tokStart > 1) for (let k = u.tokStart; k < u.tokEnd; k++) inPhrase[k] = 1;
  // the verb of a phrasal verb the query's units hold (a listed verb and its particle, "opt out") is no clipped word:
  // "opt out" is not "option out"; "prod down", no listed phrase, is still production
  const phrasalVerb = new Uint8Array(tokens.length);
  if (kind === 'abbreviation') for (const u of state.units) if (u.tokEnd - u.tokStart === 2 && tokens[u.tokStart].wordClass === 'verb' && PARTICLES.has(tokens[u.tokStart + 1].norm)) phrasalVerb[u.tokStart] = 1;
  for (let i = 0; i < tokens.length; i++) {
    if (inPhrase[i] || phrasalVerb[i] || spans >= LIMITS.MAX_SPANS || builder.full) continue;
    const t = tokens[i];
    const surface = analysis.text.slice(t.start, t.end);
    const lower = surface === surface.toLowerCase();
    const span = builder.span(i, i + 1);
    if (kind === 'acronym') {
      const forms = periodForms(t.norm);
      if (forms.length > 0) {
        for (let r = 0; r < forms.length; r++) {
          // every form is a wording of the code's one sense: the other code form ("FY24" -> "FY2024") is no
          // second-ranked sense, so it is not scored as one
          const f: AcronymFeatures = { sense_rank: 0, senses: 1, sense_prior: 1, domain_match: 0, domain_mismatch: 0, request_domain: builder.domain ? 1 : 0, context_hit: 0, lowercase: lower ? 1 : 0, long_form: 0, period: 1, short_acronym: 0, nested: 0 };
          builder.add(span, forms[r], {
            kind,
            source: 'acronym_lexicon',
            raw: acronymScore(state, f, LEXICON_PRIOR.acronym * (r === 0 ? 1 : LONG_FORM_FACTOR)),
            domain: 'business',
            scoped: false,
            useTerm: surface,
            useSynonym: forms[r],
            success: null,
            features: { prior: LEXICON_PRIOR.acronym, pattern: 'period', ...f },
          });
        }
        spans++;
        continue;
      }
    }
    // an acronym in capitals and a lower-case "s" is the plural of the key in capitals: "PRs", "DRs" (too short for
    // the canonical plural rule), and "AEs" is account executives, never AES; "HTTPs" is a mis-cased HTTPS
    const singular = /^[A-Z0-9&]{2,}s$/.test(surface) ? map.get(canonicalToken(t.norm.slice(0, -1))) : undefined;
    const pluralOfKey = kind === 'acronym' && !isInvariant(t.norm) ? singular : undefined;
    const entry = (pluralOfKey ?? map.get(canonicalToken(t.norm)) ?? singular) as CompiledLexiconEntry | undefined;
    if (!entry || (entry.caseSensitive && (lower || (kind === 'acronym' && !writtenAsAcronym(surface, entry.key))))) continue;
    let factor = 1;
    if (kind === 'acronym' && lower) factor = LEXICON_CASE_FACTOR.lowercaseAcronym;
    if (kind === 'abbreviation' && surface.length > 1 && /[A-Z]/.test(surface) && surface === surface.toUpperCase()) factor = LEXICON_CASE_FACTOR.uppercaseAbbreviation;
    const keyNorm = entry.key.toLowerCase();
    const plural = entry === pluralOfKey || (t.norm !== keyNorm && t.norm.endsWith('s') && !keyNorm.endsWith('s'));
    // written as capitals and a lower-case "s" ("BIAs") it is the acronym's plural; any other writing of a common word
    // ("bias", "Bias", "BIAS") is the word
    if (plural && kind === 'acronym' && !/^[A-Z0-9&]{2,}s$/.test(surface) && zipf(t.norm) >= COMMON_WORD_ZIPF) continue;
    const ranked = rankSenses(entry, builder.domain, builder.contextWords);
    const prior = LEXICON_PRIOR[kind];
    // the ambiguity the request leaves: senses whose domain fits it at least as well as the best-ranked sense's
    // ("GC" in a legal request: general counsel and green card; garbage collection is out of contention)
    let contending = 0;
    for (const rs of ranked) if (rs.domainMatch >= ranked[0].domainMatch) contending++;
    // the word after the acronym, after a space only ("PAT, testing" is two phrases): a sense whose expansion ends with
    // it ("PAT testing", "GPL license", "PIN number") takes it into its span, replaced by the expansion inflected like it
    const next = kind === 'acronym' && i + 1 < tokens.length && !inPhrase[i + 1] && /^\s+$/.test(analysis.text.slice(t.end, tokens[i + 1].start)) ? tokens[i + 1] : undefined;
    for (let r = 0; r < ranked.length && r < MAX_SENSES; r++) {
      const rs = ranked[r];
      const et = rs.expansionTokens;
      // (not an expansion that writes the acronym itself: "A/B test" -> "a/b testing" is the same words); the same
      // word in number or spelling only, never another part of speech ("BIM models" is not "BIM modeling"); a plural
      // only where the expansion's last word is its head ("SaaS services" is no "software as a services")
      const wide =
        next !== undefined &&
        et.length > 1 &&
        !et.includes(t.norm) &&
        sameNoun(et[et.length - 1], next.norm) &&
        !(next.inflection === 'plural' && et.some((w) => HEADLESS.has(w)));
      const replacement = wide ? inflectLike(rs.sense.expansion, next.inflection === 'plural' ? 'plural' : 'base', 'NOUN') : plural ? inflectLike(rs.sense.expansion, 'plural', 'NOUN') : rs.sense.expansion;
      const f: AcronymFeatures = {
        sense_rank: r,
        senses: Math.min(contending, 5),
        sense_prior: rs.prior,
        domain_match: rs.domainMatch === 1 ? 1 : 0,
        // a sense filed under another domain than the request's counts against it only when the key has other
        // senses a searcher could mean ("SLA" is filed under business and searched in engineering too)
        domain_mismatch: rs.domainMatch === -1 && ranked.length > 1 ? 1 : 0,
        request_domain: builder.domain ? 1 : 0,
        context_hit: rs.contextHits > 0 ? 1 : 0,
        lowercase: lower ? 1 : 0,
        long_form: 0,
        period: 0,
        short_acronym: 0,
        nested: 0,
      };
      const handSet = prior * rs.prior * factor;
      const raw = kind === 'acronym' ? acronymScore(state, f, handSet) : handSet;
      const candidate = {
        kind,
        source: kind === 'acronym' ? 'acronym_lexicon' : 'abbreviation_lexicon',
        raw,
        domain: rs.sense.domain,
        domainMatch: rs.domainMatch,
        contextHits: rs.contextHits,
        scoped: false,
        useTerm: entry.key,
        useSynonym: rs.sense.expansion,
        success: null,
        features: { prior, match_factor: factor, ...f, sense_prior: Math.round(rs.prior * 1e4) / 1e4 },
      } as const;
      const at = wide ? builder.span(i, i + 2) : span;
      builder.add(at, replacement, candidate);
      // the long form in the other spelling variety too, just after it ("EAP" -> "employee assistance programme")
      const variant = otherSpelling(replacement, [builder.domain, rs.sense.domain]);
      if (variant !== undefined) builder.add(at, variant, { ...candidate, raw: raw * SPELLING_VARIANT_FACTOR, useSynonym: replacement === rs.sense.expansion ? variant : (otherSpelling(rs.sense.expansion, [builder.domain, rs.sense.domain]) ?? variant), features: { ...candidate.features, variant: 'british/american spelling' } });
    }
    spans++;
  }
}

/**
 * Long forms: a unit that spells out an acronym of the lexicon is offered the acronym ("intellectual property"
 * -> IP, "key performance indicators" -> KPIs), in the domain of that sense.
 */
function matchLongForms(state: MatchState): void {
  const { builder, analysis } = state;
  const longForms = longFormsOf(state.index.lexicons.acronyms);
  for (const u of state.units) {
    // a long form has two words or more, or is one hyphenated word ("point-of-sale")
    if ((u.tokEnd - u.tokStart < 2 && !analysis.tokens[u.tokStart].norm.includes('-')) || builder.full) continue;
    const toks = analysis.tokens.slice(u.tokStart, u.tokEnd);
    const key = phraseKeys(analysis.tokens, u.tokStart, u.tokEnd).find((k) => longForms.lookup(k).length > 0);
    const hits = key === undefined ? [] : longForms.lookup(key);
    if (hits.length !== 1) continue; // a long form shared by two acronyms names neither clearly
    const { key: acronym, sense } = hits[0];
    const dm = domainMatchOf(sense.domain, builder.domain);
    // a two-letter acronym names too many things to search with ("CR", "PL", "PH") unless the request's domain
    // is the sense's ("purchase order" -> PO in procurement)
    const short = acronym.replace(/[^A-Za-z0-9]/g, '').length < 3;
    if (short && dm !== 1) continue;
    const last = toks[toks.length - 1];
    const plural = last.inflection === 'plural' && /^[A-Za-z0-9&]+$/.test(acronym);
    const replacement = plural ? `${acronym}s` : acronym;
    const f: AcronymFeatures = { sense_rank: 0, senses: 1, sense_prior: 1, domain_match: dm === 1 ? 1 : 0, domain_mismatch: dm === -1 ? 1 : 0, request_domain: builder.domain ? 1 : 0, context_hit: 0, lowercase: 0, long_form: 1, period: 0, short_acronym: short ? 1 : 0, nested: u.nested ? 1 : 0 };
    const raw = acronymScore(state, f, LEXICON_PRIOR.acronym * LONG_FORM_FACTOR);
    builder.add(builder.span(u.tokStart, u.tokEnd), replacement, {
      kind: 'acronym',
      source: 'acronym_lexicon',
      raw,
      domain: sense.domain,
      domainMatch: dm,
      contextHits: 0,
      scoped: false,
      useTerm: sense.expansion,
      useSynonym: acronym,
      success: null,
      features: { prior: LEXICON_PRIOR.acronym, direction: 'long form', match_factor: LONG_FORM_FACTOR, ...f },
    });
  }
}

/** The built-in acronym lexicon (senses ranked by domain and context), its long forms and period codes (FY24, Q3). */
export function matchAcronyms(state: MatchState): void {
  matchLexicon(state, state.index.lexicons.acronyms, 'acronym');
  matchLongForms(state);
}

/** The built-in abbreviation lexicon. */
export function matchAbbreviations(state: MatchState): void {
  matchLexicon(state, state.index.lexicons.abbreviations, 'abbreviation');
}
