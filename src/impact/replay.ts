import type { CatalogueView, IndexOverlay } from '../expansion/engine';
import type { ScopedQuery } from '../expansion/default-request';

/** A recorded query to replay, with how often it was expanded. */
export interface ReplayQuery extends ScopedQuery {
  count: number;
}

export interface ReplayExample {
  query: string;
  count: number;
  before: string[];
  after: string[];
}

export interface ReplaySummary {
  queries_replayed: number;
  queries_changed: number;
  share_changed: number;
  alternatives_added: number;
  alternatives_removed: number;
  examples: ReplayExample[];
}

/** The 20 most frequent changed queries are shown. */
export const MAX_EXAMPLES = 20;

/** Alternatives of a query over a view of the catalogue (the service's defaults: default-request.ts). */
export type AlternativesOf = (view: CatalogueView, q: ScopedQuery) => string[];

const round4 = (n: number): number => Math.round(n * 10_000) / 10_000;

/**
 * Replays queries (most frequent first) over the live index and over the overlay (docs/CURATION.md, "Impact
 * simulation"). A query none of whose token runs is a phrase the change set touches gives the same answer on
 * both (IndexOverlay.mayChange), so it counts as replayed and unchanged without being expanded. A query is
 * changed when its list of alternatives differs in any way (text or order); added and removed count texts
 * present after and not before, and the reverse.
 */
export function replay(queries: readonly ReplayQuery[], live: CatalogueView, overlay: IndexOverlay, alternativesOf: AlternativesOf): ReplaySummary {
  let changed = 0;
  let added = 0;
  let removed = 0;
  const examples: ReplayExample[] = [];
  for (const q of queries) {
    if (!overlay.mayChange(q.query)) continue;
    const before = alternativesOf(live, q);
    const after = alternativesOf(overlay, q);
    if (before.length === after.length && before.every((b, i) => b === after[i])) continue;
    changed++;
    const was = new Set(before);
    const now = new Set(after);
    for (const a of now) if (!was.has(a)) added++;
    for (const b of was) if (!now.has(b)) removed++;
    if (examples.length < MAX_EXAMPLES) examples.push({ query: q.query, count: q.count, before, after });
  }
  return {
    queries_replayed: queries.length,
    queries_changed: changed,
    share_changed: queries.length > 0 ? round4(changed / queries.length) : 0,
    alternatives_added: added,
    alternatives_removed: removed,
    examples,
  };
}
