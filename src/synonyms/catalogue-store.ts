import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, MoreThan, MoreThanOrEqual, Repository } from 'typeorm';
import { num, rows, sqlTime, str } from '../common/db/sql';
import { SynonymEntity } from './entities/synonym.entity';
import { learntConfidence } from './learnt-confidence';
import type { SynonymStatus } from './synonym.enums';

/** Filters of an export (docs/IMPORT_EXPORT.md). */
export interface ExportFilters {
  domain?: string;
  status?: SynonymStatus;
}

/** A stored pair, for conflict checks: its scope and normalised sides. */
export interface StoredPair {
  id: number;
  scopeKey: string;
  termNormalized: string;
  synonymNormalized: string;
}

/** What the suggestions list shows of an entry. */
export type EntrySummary = Pick<SynonymEntity, 'id' | 'term' | 'synonym' | 'domain' | 'status' | 'source'>;

/** Catalogue counts for the admin dashboard. */
export interface CatalogueCounts {
  total: number;
  active: number;
  pending: number;
  deprecated: number;
  avgConfidence: number;
  avgSuccessRate: number;
  byDomain: Record<string, number>;
}

/**
 * The synonyms table's reads and writes for other modules, by intent: the catalogue module owns the table, and
 * nothing outside it queries it (analytics, the read-only reporting module, aside). The workflow (create,
 * update, delete with audit) is SynonymsService.
 */
@Injectable()
export class CatalogueStore {
  constructor(@InjectRepository(SynonymEntity) private readonly synonyms: Repository<SynonymEntity>) {}

  /** Active entries in id order, a batch at a time, for building the expansion index. */
  findActiveForIndex(afterId: number, batchSize: number): Promise<SynonymEntity[]> {
    return this.synonyms
      .createQueryBuilder('s')
      .where("s.status = 'active' AND s.id > :afterId", { afterId })
      .orderBy('s.id', 'ASC')
      .take(batchSize)
      .getMany();
  }

  /** These entries, whatever their status (an impact simulation's change set); missing ids are simply absent. */
  findByIds(ids: number[]): Promise<SynonymEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.synonyms.findBy({ id: In(ids) });
  }

  /** Rejected entries, sides and scope only, a page at a time in id order (rule lint's contradictions). */
  findRejectedPairs(afterId: number, limit: number): Promise<Pick<SynonymEntity, 'id' | 'term' | 'synonym' | 'userRole' | 'department'>[]> {
    return this.synonyms
      .createQueryBuilder('s')
      .select(['s.id', 's.term', 's.synonym', 's.userRole', 's.department'])
      .where("s.status = 'rejected' AND s.id > :afterId", { afterId })
      .orderBy('s.id', 'ASC')
      .take(limit)
      .getMany();
  }

  /** Entries changed at or after `since` (any status: the index drops what is no longer active), oldest first. */
  findChangedSince(since: Date, limit: number): Promise<SynonymEntity[]> {
    return this.synonyms.find({ where: { updatedAt: MoreThanOrEqual(since) }, take: limit, order: { updatedAt: 'ASC' } });
  }

  /** One page of entries after `afterId`, in id order (keyset pagination: never the whole table). */
  pageForExport(afterId: number, filters: ExportFilters, limit: number): Promise<SynonymEntity[]> {
    const qb = this.synonyms.createQueryBuilder('s').where('s.id > :afterId', { afterId });
    if (filters.domain !== undefined) qb.andWhere('s.domain = :domain', { domain: filters.domain });
    if (filters.status !== undefined) qb.andWhere('s.status = :status', { status: filters.status });
    return qb.orderBy('s.id', 'ASC').limit(limit).getMany();
  }

  /** Stored pairs of these scopes whose term is one of `terms`, inside the caller's transaction (bulk import). */
  findPairsInScopes(m: EntityManager, scopes: string[], terms: string[]): Promise<StoredPair[]> {
    if (scopes.length === 0 || terms.length === 0) return Promise.resolve([]);
    return m
      .createQueryBuilder(SynonymEntity, 's')
      .select(['s.id', 's.termNormalized', 's.synonymNormalized', 's.scopeKey'])
      .where('s.scopeKey IN (:...scopes)', { scopes })
      .andWhere('s.termNormalized IN (:...terms)', { terms })
      .getMany();
  }

  /**
   * One rating for each of these entries, inside the caller's transaction: usage and helpful counts first (the
   * database adds, so concurrent ratings add up), then the success rate and the learnt confidence from the new
   * counts, by the one learning formula (learntConfidence). The counts' UPDATE locks the rows until commit
   * (SQLite runs one transaction at a time), so the counts read back are this transaction's. A rating is not a
   * curator's edit: the entry's version (its ETag) stays as it is. Returns the updated entries.
   */
  async recordRatings(m: EntityManager, ids: number[], helpful: boolean): Promise<SynonymEntity[]> {
    if (ids.length === 0) return [];
    const marks = ids.map(() => '?').join(', ');
    await m.query(`UPDATE synonyms SET usage_count = usage_count + 1, helpful_count = helpful_count + ?, updated_at = ? WHERE id IN (${marks})`, [helpful ? 1 : 0, sqlTime(new Date()), ...ids]);
    const updated = await m.findBy(SynonymEntity, { id: In(ids) });
    for (const e of updated) {
      e.successRate = e.usageCount > 0 ? e.helpfulCount / e.usageCount : 0;
      e.relevanceScore = learntConfidence(e.confidence, e.helpfulCount, e.usageCount);
      await m.query('UPDATE synonyms SET success_rate = ?, relevance_score = ? WHERE id = ?', [e.successRate, e.relevanceScore, e.id]);
    }
    return updated;
  }

  /**
   * The statuses stored for each of these normalised pairs, in any scope and either direction (discovery never
   * proposes a pair the catalogue holds in any status): pair key "term\u0001synonym" -> statuses.
   */
  async findStatusesOfPairs(pairs: { term: string; synonym: string }[]): Promise<Map<string, SynonymStatus[]>> {
    const out = new Map<string, SynonymStatus[]>();
    const wanted = new Set(pairs.map((p) => `${p.term}\u0001${p.synonym}`));
    const words = [...new Set(pairs.flatMap((p) => [p.term, p.synonym]))];
    for (let i = 0; i < words.length; i += 200) {
      const chunk = words.slice(i, i + 200);
      const found = await this.synonyms
        .createQueryBuilder('s')
        .select(['s.id', 's.termNormalized', 's.synonymNormalized', 's.status'])
        .where('s.termNormalized IN (:...chunk)', { chunk })
        .andWhere('s.synonymNormalized IN (:...words)', { words })
        .getMany();
      for (const e of found) {
        for (const key of [`${e.termNormalized}\u0001${e.synonymNormalized}`, `${e.synonymNormalized}\u0001${e.termNormalized}`]) {
          if (wanted.has(key)) out.set(key, [...(out.get(key) ?? []), e.status]);
        }
      }
    }
    return out;
  }

  /** Entries in these statuses rated at least `minRatings` times, an id-ordered batch after `afterId` (discovery). */
  findRatedAtLeast(statuses: SynonymStatus[], minRatings: number, afterId: number, limit: number): Promise<SynonymEntity[]> {
    return this.synonyms.find({ where: { id: MoreThan(afterId), status: In(statuses), usageCount: MoreThanOrEqual(minRatings) }, order: { id: 'ASC' }, take: limit });
  }

  /** Each of these entries that still exists, by id: its pair, domain, status and source (suggestions list). */
  async findSummaries(ids: number[]): Promise<Map<number, EntrySummary>> {
    if (ids.length === 0) return new Map();
    const found = await this.synonyms.find({ where: { id: In(ids) }, select: { id: true, term: true, synonym: true, domain: true, status: true, source: true } });
    return new Map(found.map((e) => [e.id, e]));
  }

  /** Counts by status, average confidence and success rate (of rated entries), entries per domain. */
  async countByStatus(): Promise<CatalogueCounts> {
    const [s] = await rows(
      this.synonyms.manager,
      `SELECT COUNT(*) AS total,
              SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END) AS active,
              SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) AS pending,
              SUM(CASE WHEN status = 'deprecated' THEN 1 ELSE 0 END) AS deprecated,
              AVG(confidence) AS confidence,
              AVG(CASE WHEN usage_count > 0 THEN success_rate END) AS success
         FROM synonyms`,
    );
    const domains = await rows(this.synonyms.manager, 'SELECT domain, COUNT(*) AS n FROM synonyms GROUP BY domain');
    return {
      total: num(s?.total),
      active: num(s?.active),
      pending: num(s?.pending),
      deprecated: num(s?.deprecated),
      avgConfidence: num(s?.confidence),
      avgSuccessRate: num(s?.success),
      byDomain: Object.fromEntries(domains.map((r) => [str(r.domain), num(r.n)])),
    };
  }
}
