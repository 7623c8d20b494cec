import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Subject, type Observable } from 'rxjs';
import { type EntityManager, MoreThan, MoreThanOrEqual, Repository } from 'typeorm';
import { isMysqlSource, sqlTime } from '../common/db/sql';
import { normalize, type SynonymUse } from './engine';
import type { RecordedPair } from './entities/expansion-event.entity';
import { ExpansionPairStatEntity } from './entities/expansion-pair-stat.entity';

/** Longest normalised term or alternative whose ratings are kept; longer pairs are not learnt. */
export const MAX_PAIR_TEXT = 100;
/** Pairs per statement, so one rating of a large expansion stays well within parameter limits. */
const CHUNK = 200;

/** The domain a pair's ratings are kept under, as pairKey() spells it: lower-cased, '' for none or "general". */
export function pairDomain(domain: string | null | undefined): string {
  const d = domain ? domain.trim().toLowerCase() : '';
  return d === 'general' ? '' : d;
}

/** Identity of a pair within one expansion (whose domain is fixed). */
export function pairId(p: RecordedPair): string {
  return `${p.term}\u0001${p.alternative}`;
}

/**
 * The non-catalogue term -> alternative pairs a result used (catalogue entries learn by id), normalised and
 * without repeats; a pair with an empty or over-long side is left out.
 */
export function pairsUsed(uses: SynonymUse[]): RecordedPair[] {
  const seen = new Map<string, RecordedPair>();
  for (const s of uses) {
    if (s.synonym_id !== undefined) continue;
    const term = normalize(s.term);
    const alternative = normalize(s.synonym);
    if (!term || !alternative || term.length > MAX_PAIR_TEXT || alternative.length > MAX_PAIR_TEXT) continue;
    seen.set(pairId({ term, alternative }), { term, alternative });
  }
  return [...seen.values()];
}

/**
 * Owns expansion_pair_stats: the ratings of term -> alternative pairs that come from the lexicons, the
 * thesaurus or WordNet, per request domain. Announces committed changes so the index refreshes at once.
 */
@Injectable()
export class PairStatsService {
  private readonly subject = new Subject<ExpansionPairStatEntity[]>();

  constructor(@InjectRepository(ExpansionPairStatEntity) private readonly rows: Repository<ExpansionPairStatEntity>) {}

  get changes(): Observable<ExpansionPairStatEntity[]> {
    return this.subject.asObservable();
  }

  /**
   * Adds one rating to each pair, inside the caller's transaction, and returns the pairs' rows as they now
   * are. One upsert per chunk adds to the stored counts, so concurrent ratings add up on SQLite and MySQL;
   * pairs go in a fixed order, so concurrent MySQL transactions lock the rows in the same order.
   */
  async recordRatings(m: EntityManager, pairs: RecordedPair[], domain: string, helpful: boolean): Promise<ExpansionPairStatEntity[]> {
    const unique = new Map(pairs.map((p) => [pairId(p), p]));
    const sorted = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, p]) => p);
    if (sorted.length === 0) return [];
    const upsert = isMysqlSource(m.connection)
      ? 'ON DUPLICATE KEY UPDATE helpful_count = helpful_count + VALUES(helpful_count), usage_count = usage_count + 1, updated_at = VALUES(updated_at)'
      : 'ON CONFLICT (term, alternative, domain) DO UPDATE SET helpful_count = helpful_count + excluded.helpful_count, usage_count = usage_count + 1, updated_at = excluded.updated_at';
    const now = sqlTime(new Date());
    const rows: ExpansionPairStatEntity[] = [];
    for (let i = 0; i < sorted.length; i += CHUNK) {
      const chunk = sorted.slice(i, i + CHUNK);
      await m.query(
        `INSERT INTO expansion_pair_stats (term, alternative, domain, helpful_count, usage_count, updated_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, 1, ?)').join(', ')} ${upsert}`,
        chunk.flatMap((p) => [p.term, p.alternative, domain, helpful ? 1 : 0, now]),
      );
      rows.push(...(await m.find(ExpansionPairStatEntity, { where: chunk.map((p) => ({ term: p.term, alternative: p.alternative, domain })) })));
    }
    return rows;
  }

  /** Tells the expansion index about committed pair statistics (call after the transaction commits). */
  announce(rows: ExpansionPairStatEntity[]): void {
    if (rows.length > 0) this.subject.next(rows);
  }

  /** Rows changed at or after `since`, oldest change first (the index's sync of other instances' ratings). */
  findChangedSince(since: Date, limit: number): Promise<ExpansionPairStatEntity[]> {
    return this.rows.find({ where: { updatedAt: MoreThanOrEqual(since) }, order: { updatedAt: 'ASC', id: 'ASC' }, take: limit });
  }

  /** Pairs rated at least `minRatings` times, an id-ordered batch after `afterId` (discovery's ratings evidence). */
  findRatedAtLeast(minRatings: number, afterId: number, limit: number): Promise<ExpansionPairStatEntity[]> {
    return this.rows.find({ where: { id: MoreThan(afterId), usageCount: MoreThanOrEqual(minRatings) }, order: { id: 'ASC' }, take: limit });
  }

  /** One id-ordered batch of every row, for building the in-memory table at start-up. */
  findBatchAfter(afterId: number, limit: number): Promise<ExpansionPairStatEntity[]> {
    return this.rows.find({ where: { id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }
}
