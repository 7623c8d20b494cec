import { PARTICLES, spellingVariant, zipf } from '../analysis';
import { STOPWORDS } from '../normalize';
import type { MatchState } from './types';

/** Source score of a spelling variant before calibration: British/American, and a closed compound. */
export const SPELLING_SCORE = 0.9;
export const CLOSED_COMPOUND_SCORE = 0.8;
/** A closed form counts as a word when this common in SUBTLEX-US, or listed in the thesaurus. */
const KNOWN_WORD_ZIPF = 2;

/**
 * Words whose British spelling belongs to one sense only ("programme" is never software, "disc" rarely
 * storage): their variant is offered only outside technical requests.
 */
const SENSE_SPLIT = new Set(['program', 'programs', 'programmed', 'programming', 'disk', 'disks']);
const TECHNICAL = new Set(['technical', 'it', 'engineering']);
/**
 * Pairs of the spelling table that are not the same word in every use: a "draught" is never a document, a
 * "metre" never a device, a "tonne" is not a ton, "gage" is rare for "gauge", and British "licenced" and
 * "licencing" are misspellings. Never offered.
 */
const NEVER = new Set(['draft', 'drafts', 'licensed', 'licensing', 'meter', 'meters', 'gauge', 'gauged', 'gauges', 'ton', 'tons', 'tonne', 'tonnes']);
/** British spells only the noun this way ("a licence", but "to license"; "a tyre", but "to tire"). */
const NOUN_ONLY = new Set(['license', 'licenses', 'tire', 'tires']);
/** British spells only the verb this way ("to practise", but "best practice"). */
const VERB_ONLY = new Set(['practice', 'practices']);

/**
 * The other variety's spelling of a word (British <-> American). A spelling never changes meaning, so it
 * applies to any word, inside a compound too.
 */
export function matchSpelling(state: MatchState): void {
  matchClosedCompounds(state);
  const { builder, analysis } = state;
  const technical = builder.domain !== undefined && TECHNICAL.has(builder.domain);
  analysis.tokens.forEach((t, i) => {
    if (builder.full) return;
    const variant = variantFor(t.norm, technical, t.wordClass);
    if (!variant) return;
    builder.add(builder.span(i, i + 1), variant, {
      kind: 'synonym',
      source: 'spelling',
      raw: SPELLING_SCORE,
      domain: null,
      domainMatch: 0,
      contextHits: 0,
      scoped: false,
      useTerm: t.norm,
      useSynonym: variant,
      success: null,
      features: { variant: 'british/american spelling' },
    });
  });
}

/** A lower-case word's spelling in the other variety, when it has one that is fit to show for its word class. */
function variantFor(word: string, technical: boolean, wordClass: string): string | undefined {
  if (!/^[a-z]+$/.test(word) || NEVER.has(word)) return undefined;
  if ((NOUN_ONLY.has(word) && wordClass !== 'noun') || (VERB_ONLY.has(word) && wordClass !== 'verb')) return undefined;
  const variant = spellingVariant(word) ?? derivedVariant(word);
  if (!variant || (technical && (SENSE_SPLIT.has(word) || SENSE_SPLIT.has(variant)))) return undefined;
  // a variant absent from the frequency list where the word itself is common is archaic or another word
  // ("connexion", "instal", "philtre" for filter)
  if (zipf(variant) < 1 && zipf(word) >= 3) return undefined;
  return variant;
}

/**
 * A noun in -ment that the spelling table lacks, spelt like its verb in the other variety when that form is in
 * the frequency list: "enrollment" -> "enrolment" (enroll -> enrol), "enrollments" -> "enrolments".
 */
function derivedVariant(word: string): string | undefined {
  const m = /^([a-z]+)(ments?)$/.exec(word);
  const stem = m ? spellingVariant(m[1]) : undefined;
  if (!m || !stem || zipf(`${stem}ment`) < 1) return undefined;
  return stem + m[2];
}

/**
 * A phrase in the other spelling variety, every lower-case word that has a variant changed ("employee assistance
 * program" -> "employee assistance programme", "end-user license agreement" -> "end-user licence agreement");
 * undefined when no word changes. Capitalised words are names and stay as written; the phrase is read as a noun
 * phrase (a long form). Technical in any of the given
 * domains (the request's, the entry's) keeps the words whose variants belong to one sense ("program").
 */
export function otherSpelling(phrase: string, domains: readonly (string | null | undefined)[]): string | undefined {
  const technical = domains.some((d) => d != null && TECHNICAL.has(d));
  let changed = false;
  const out = phrase.replace(/[A-Za-z]+/g, (w) => {
    const v = variantFor(w, technical, 'noun');
    if (v === undefined) return w;
    changed = true;
    return v;
  });
  return changed ? out : undefined;
}

/**
 * Open and hyphenated compounds written closed when the closed form is a word in its own right: "wi-fi" ->
 * "wifi", "cut off" -> "cutoff", "hand off" -> "handoff". Function words never join ("log in" stays: the
 * closed "login" is another part of speech), nor a word that opens a listed compound with the next ("new line manager").
 */
function matchClosedCompounds(state: MatchState): void {
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  const known = (w: string) => zipf(w) >= KNOWN_WORD_ZIPF || (state.thesaurus !== undefined && state.thesaurus.lookup(w).length > 0);
  const listed = (phrase: string) => (state.thesaurus !== undefined && state.thesaurus.lookup(phrase).length > 0) || (state.wordnet !== undefined && state.wordnet.isCollocation(phrase));
  const add = (a: number, b: number, closed: string) =>
    builder.add(builder.span(a, b), closed, {
      kind: 'synonym',
      source: 'spelling',
      raw: CLOSED_COMPOUND_SCORE,
      domain: null,
      domainMatch: 0,
      contextHits: 0,
      scoped: false,
      useTerm: tokens.slice(a, b).map((t) => t.norm).join(' '),
      useSynonym: closed,
      success: null,
      features: { variant: 'closed compound' },
    });
  const allCapitals = analysis.text === analysis.text.toUpperCase();
  for (let i = 0; i < tokens.length && !builder.full; i++) {
    const t = tokens[i];
    if (/^[a-z]+-[a-z]+$/.test(t.norm)) {
      const closed = t.norm.replace('-', '');
      if (known(closed)) add(i, i + 1, closed);
      continue;
    }
    if (i + 1 >= tokens.length || !/^[a-z]{2,}$/.test(t.norm) || !/^[a-z]{2,}$/.test(tokens[i + 1].norm)) continue;
    if (STOPWORDS.has(t.norm) || (tokens[i + 1].pos === 'ADP' && t.wordClass === 'verb' && tokens[i + 2]?.pos !== 'NOUN')) continue;
    // a second word that is a function word other than a particle ("IP so" is no "ipso"; "stand by" is "standby"), or
    // a word written in capitals in a query that is not all capitals (an acronym), never joins
    const next = tokens[i + 1].norm;
    if (STOPWORDS.has(next) && !PARTICLES.has(next) && next !== 'by') continue;
    if (!allCapitals && [t, tokens[i + 1]].some((w) => /^[A-Z]{2,}$/.test(analysis.text.slice(w.start, w.end)))) continue;
    // a second word that opens a listed compound with the word after it belongs to that compound ("new line manager" is
    // a new line manager, not a newline manager)
    if (i + 2 < tokens.length && listed(`${tokens[i + 1].norm} ${tokens[i + 2].norm}`)) continue;
    const closed = t.norm + tokens[i + 1].norm;
    if (known(closed)) add(i, i + 2, closed);
  }
}
