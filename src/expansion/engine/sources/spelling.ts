import { spellingVariant, zipf } from '../analysis';
import { STOPWORDS } from '../normalize';
import type { MatchState } from './types';

/** Source score of a spelling variant before calibration: British/American, and a closed compound. */
export const SPELLING_SCORE = 0.9;
export const CLOSED_COMPOUND_SCORE = 0.8;
/** Source score of a closed compound written open ("payslip" -> "pay slip"), before calibration. */
export const OPEN_COMPOUND_SCORE = 0.75;
/** Particles that end or begin a compound written three ways ("handoff", "hand-off", "hand off"; "offsite"). */
const COMPOUND_PARTICLES = new Set(['off', 'up', 'out', 'back', 'over', 'down']);
/** A part of a closed compound is a word of its own when at least this common in SUBTLEX-US. */
const COMPOUND_PART_ZIPF = 3;
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
  matchOpenCompounds(state);
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
 * closed "login" is another part of speech).
 */
function matchClosedCompounds(state: MatchState): void {
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  const known = (w: string) => zipf(w) >= KNOWN_WORD_ZIPF || (state.thesaurus !== undefined && state.thesaurus.lookup(w).length > 0);
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
  for (let i = 0; i < tokens.length && !builder.full; i++) {
    const t = tokens[i];
    if (/^[a-z]+-[a-z]+$/.test(t.norm)) {
      const closed = t.norm.replace('-', '');
      if (known(closed)) add(i, i + 1, closed);
      continue;
    }
    if (i + 1 >= tokens.length || !/^[a-z]{2,}$/.test(t.norm) || !/^[a-z]{2,}$/.test(tokens[i + 1].norm)) continue;
    if (STOPWORDS.has(t.norm) || (tokens[i + 1].pos === 'ADP' && t.wordClass === 'verb' && tokens[i + 2]?.pos !== 'NOUN')) continue;
    const closed = t.norm + tokens[i + 1].norm;
    if (known(closed)) add(i, i + 2, closed);
  }
}

/**
 * A closed compound written open, or hyphenated around a particle: "payslip" -> "pay slip", "timesheets" -> "time
 * sheets", "handoff" -> "hand-off", "offsite" -> "off-site". Only a word that is not common in its own right
 * (Zipf < 3: "password", "laptop", "breakdown" are words, not spellings of two) with exactly one reading as two
 * words, each common or a particle; and the open form must be attested: a WordNet collocation ("head count", "cut
 * off"), or the closed form is in neither SUBTLEX-US nor WordNet (a compound newer than both). Without WordNet
 * nothing is split.
 */
function matchOpenCompounds(state: MatchState): void {
  const { builder, analysis, wordnet } = state;
  if (!wordnet) return;
  const inWordNet = (w: string) => wordnet.entry(w, 'noun') !== undefined || wordnet.entry(w, 'verb') !== undefined || wordnet.entry(w, 'adj') !== undefined;
  const part = (p: string) => COMPOUND_PARTICLES.has(p) || (p.length >= 3 && zipf(p) >= COMPOUND_PART_ZIPF && (inWordNet(p) || inWordNet(p.replace(/s$/, ''))));
  analysis.tokens.forEach((t, i) => {
    if (builder.full || !t.content || (t.pos !== 'NOUN' && t.pos !== 'VERB') || !/^[a-z]{6,}$/.test(t.norm)) return;
    const z = zipf(t.norm);
    if (z >= COMPOUND_PART_ZIPF) return;
    let reading: [string, string] | undefined;
    for (let k = 2; k <= t.norm.length - 2; k++) {
      const a = t.norm.slice(0, k);
      const b = t.norm.slice(k);
      if (!part(a) || !part(b) || (COMPOUND_PARTICLES.has(a) && COMPOUND_PARTICLES.has(b))) continue;
      if (reading) return; // two readings: neither is clearly the word
      reading = [a, b];
    }
    if (!reading) return;
    const [a, b] = reading;
    const attested = wordnet.isCollocation(`${a} ${b}`) || wordnet.isCollocation(`${a} ${b.replace(/s$/, '')}`) || (z === 0 && !inWordNet(t.norm) && !inWordNet(t.lemma));
    if (!attested) return;
    const open = COMPOUND_PARTICLES.has(a) || COMPOUND_PARTICLES.has(b) ? `${a}-${b}` : `${a} ${b}`;
    builder.add(builder.span(i, i + 1), open, {
      kind: 'synonym',
      source: 'spelling',
      raw: OPEN_COMPOUND_SCORE,
      domain: null,
      domainMatch: 0,
      contextHits: 0,
      scoped: false,
      useTerm: t.norm,
      useSynonym: open,
      success: null,
      features: { variant: 'open compound' },
    });
  });
}
