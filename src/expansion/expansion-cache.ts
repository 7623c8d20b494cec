import type { EngineResult, ExpansionIndex, ExpansionRequest, PairStatsTable, WordNetIndex } from './engine';
import type { RecordedPair } from './entities/expansion-event.entity';

/** Longest cache key (the engine request as JSON) that is cached; a request with a longer context is expanded each time. */
export const MAX_CACHE_KEY_LENGTH = 4096;
/** Memory the cache may hold per entry of its capacity, in bytes as weightOf() estimates them. */
export const BYTES_PER_ENTRY = 24 * 1024;

/**
 * Estimated heap bytes of a cached expansion: its key, per result its query text and about 1.5 KB of scores,
 * explanation and recorded pairs, and its JSON text at two bytes a character, as its query text (measured without
 * the JSON: ~6 KB for a typical answer of 3-4 results, ~90 KB for 40 results).
 */
export function weightOf(key: string, value: CachedExpansion): number {
  let w = key.length;
  for (const r of value.results) w += 2 * r.expanded_query.length + 1500;
  for (const text of value.json) w += 2 * text.length;
  return w;
}

/** What one expansion computed: shared by every answer to the same request while the index is unchanged. */
export interface CachedExpansion {
  /** the engine's results; never handed out: each answer gets its own copy of each result, with its id */
  readonly results: readonly EngineResult[];
  readonly strategies: readonly string[];
  /** per result, what its recorded event keeps: catalogue ids and the learnt pairs */
  readonly recorded: readonly { readonly synonym_ids: number[]; readonly pairs: RecordedPair[] }[];
  readonly avgConfidence: number;
  readonly avgRelevance: number;
  /** per result, its JSON text without the closing brace (ExpansionService.expandJson adds the result's id) */
  readonly json: readonly string[];
}

/** Everything an expansion reads besides its request; the cache holds while each part is the same object at the same version. */
export interface ExpansionSources {
  index: ExpansionIndex;
  wordnet: WordNetIndex | undefined;
  pairStats: PairStatsTable;
}

/**
 * Expansions of recent requests (docs/EXPANSION.md, "Result cache"): the engine request, as JSON, -> what the
 * engine answered. The engine is a pure function of its request, the index, WordNet and the pair statistics, so an
 * entry is valid until one of those changes: any catalogue change or new rating applied to this instance's index
 * empties the cache, and the next request of each kind computes afresh. Least recently used entries go first when
 * `capacity` entries or `capacity` x BYTES_PER_ENTRY estimated bytes are reached (so long queries with many results
 * cannot make it hold more than a typical fill would); 0 turns the cache off.
 */
export class ExpansionCache {
  private readonly entries = new Map<string, { value: CachedExpansion; weight: number }>();
  private weight = 0;
  private readonly maxWeight: number;
  private index?: ExpansionIndex;
  private wordnet?: WordNetIndex;
  private pairStats?: PairStatsTable;
  private indexVersion = -1;
  private pairVersion = -1;

  constructor(readonly capacity: number) {
    this.maxWeight = capacity * BYTES_PER_ENTRY;
  }

  /** Estimated bytes held (weightOf() of every entry). */
  get bytes(): number {
    return this.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The key of an engine request, or undefined when it is not cached (cache off, or a request too large to keep). */
  keyOf(request: ExpansionRequest): string | undefined {
    if (this.capacity <= 0) return undefined;
    const key = JSON.stringify(request);
    return key.length <= MAX_CACHE_KEY_LENGTH ? key : undefined;
  }

  /** The expansion cached for this key, if the sources have not changed since it was computed. */
  get(key: string, sources: ExpansionSources): CachedExpansion | undefined {
    this.validate(sources);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Keeps an expansion computed over these sources (as they were before it was computed: see get()). */
  set(key: string, value: CachedExpansion, sources: ExpansionSources): void {
    this.validate(sources);
    const weight = weightOf(key, value);
    if (weight > this.maxWeight) return;
    this.drop(key);
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (this.entries.size > this.capacity || this.weight > this.maxWeight) this.drop(this.entries.keys().next().value as string);
  }

  private drop(key: string): void {
    const held = this.entries.get(key);
    if (!held) return;
    this.entries.delete(key);
    this.weight -= held.weight;
  }

  /** Empties the cache when any source is another object or at another version than the entries were computed on. */
  private validate(s: ExpansionSources): void {
    if (s.index === this.index && s.wordnet === this.wordnet && s.pairStats === this.pairStats && s.index.version === this.indexVersion && s.pairStats.version === this.pairVersion) return;
    this.entries.clear();
    this.weight = 0;
    this.index = s.index;
    this.wordnet = s.wordnet;
    this.pairStats = s.pairStats;
    this.indexVersion = s.index.version;
    this.pairVersion = s.pairStats.version;
  }
}
