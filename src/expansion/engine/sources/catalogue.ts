import { inflectLike } from '../analysis';
import type { CandidateKind } from '../candidates';
import { FLAG_ABBREVIATION, FLAG_ACRONYM, FLAG_USED } from '../expansion-index';
import { LIMITS } from '../limits';
import { canonicalToken, tokenize } from '../normalize';
import type { MatchState, Unit } from './types';

/** Match factors applied to a catalogue entry's confidence. */
export const CATALOGUE_MATCH_FACTOR = {
  /** query phrase differs from the stored phrase only by plural/singular inflection */
  inflected: 0.95,
  /** pair used from synonym to term */
  reverse: 0.9,
} as const;

/**
 * The governed catalogue: greedy longest phrase first, scope filtered (an entry restricted to a role or
 * department is never used outside it), both directions. A phrase with eligible entries becomes a unit.
 */
export function matchCatalogue(state: MatchState): Unit[] {
  const { index, builder, analysis, request } = state;
  const units: Unit[] = [];
  if (index.size === 0) return units;
  const tokens = analysis.tokens;
  const n = tokens.length;
  const canon = tokens.map((t) => canonicalToken(t.norm));
  const roleCode = index.scopeCode(request.userRole);
  const deptCode = index.scopeCode(request.department);
  let i = 0;
  while (i < n && units.length < LIMITS.MAX_SPANS && !builder.full) {
    const maxL = Math.min(index.firstTokenMax(canon[i]), n - i, LIMITS.MAX_PHRASE_TOKENS);
    let matchedLen = 0;
    for (let L = maxL; L >= 1 && matchedLen === 0; L--) {
      let key = canon[i];
      for (let k = 1; k < L; k++) key += ' ' + canon[i + k];
      const p = index.postings(key);
      if (p === undefined) continue;
      const list = typeof p === 'number' ? [p] : p;
      let kept = 0;
      const scan = Math.min(list.length, LIMITS.MAX_POSTINGS_SCAN);
      const floor = builder.floors.catalogue ?? -Infinity;
      for (let j = 0; j < scan && kept < LIMITS.MAX_MATCHES_PER_SPAN; j++) {
        const slot = Math.floor(list[j] / 2);
        const reverse = list[j] % 2 === 1;
        const flags = index.slotFlags(slot);
        if (!(flags & FLAG_USED)) continue;
        const rc = index.slotRoleCode(slot);
        const dc = index.slotDeptCode(slot);
        if ((rc !== 0 && rc !== roleCode) || (dc !== 0 && dc !== deptCode)) continue; // never outside its scope
        matchedLen = L; // a phrase with eligible entries claims the span even if all were filtered
        // postings are sorted by confidence: once one cannot reach the threshold, none after it can
        if (index.slotConfidence(slot) < floor - 1e-6) break;
        const span = builder.span(i, i + L);
        const term = index.slotTerm(slot);
        const syn = index.slotSynonym(slot);
        const from = reverse ? syn : term;
        const to = reverse ? term : syn;
        const fromToks = tokenize(from);
        const exact = fromToks.join(' ') === span.norm;
        const last = tokens[i + L - 1];
        const pluralQuery = !exact && last.norm !== fromToks[fromToks.length - 1] && last.norm.endsWith('s');
        const replacement = pluralQuery ? inflectLike(to, 'plural', 'NOUN') : to;
        const kind: CandidateKind = reverse ? 'synonym' : flags & FLAG_ACRONYM ? 'acronym' : flags & FLAG_ABBREVIATION ? 'abbreviation' : 'synonym';
        const factor = (reverse ? CATALOGUE_MATCH_FACTOR.reverse : 1) * (exact ? 1 : CATALOGUE_MATCH_FACTOR.inflected);
        const ctxText = index.slotContext(slot);
        const ok = builder.add(span, replacement, {
          kind,
          source: 'catalogue',
          raw: index.slotConfidence(slot) * factor,
          domain: index.slotDomain(slot),
          scoped: rc !== 0 || dc !== 0,
          contextHits: builder.contextHitsOf(span, tokenize(replacement), ctxText ? tokenize(ctxText).slice(0, 32) : undefined),
          useTerm: from,
          useSynonym: to,
          synonymId: index.slotId(slot),
          success: index.slotSuccess(slot),
          features: { prior: Math.round(index.slotConfidence(slot) * 1e4) / 1e4, match_factor: factor, direction: reverse ? 'reverse' : 'forward' },
        });
        if (ok) kept++;
      }
    }
    if (matchedLen > 0) {
      units.push({ tokStart: i, tokEnd: i + matchedLen });
      i += matchedLen;
    } else i++;
  }
  return units;
}
