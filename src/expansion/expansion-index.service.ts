import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Subscription } from 'rxjs';
import { AuditService } from '../audit/audit.service';
import type { RootConfig } from '../config';
import type { SynonymEntity } from '../synonyms/entities/synonym.entity';
import { CatalogueEvents } from '../synonyms/catalogue-events';
import { CatalogueStore } from '../synonyms/catalogue-store';
import { ThrottledWarning } from '../common/logging/throttled-warning';
import { MetricsService } from '../metrics/metrics.service';
import { ExpansionIndex, loadLexicons, pairKey, PairStatsTable, warmEngine, WordNetIndex, type CatalogueEntry, type Lexicons } from './engine';
import type { ExpansionPairStatEntity } from './entities/expansion-pair-stat.entity';
import { PairStatsService } from './pair-stats.service';

const BUILD_BATCH = 5000;
/** How often the index looks for changes made by other instances (docs/EXPANSION.md, "Index refresh"). */
export const SYNC_INTERVAL_MS = 1000;
/** Overlap of successive sync windows, so clock skew between instances loses nothing. */
const SYNC_OVERLAP_MS = 2000;
/** Rows read per sync query; a full page resumes from its last row. */
const SYNC_PAGE = 10_000;

/** An active catalogue entry as the engine sees it: its learnt relevance is its effective confidence. */
export function toCatalogueEntry(e: SynonymEntity): CatalogueEntry {
  return {
    id: e.id,
    term: e.term,
    synonym: e.synonym,
    domain: e.domain,
    confidence: e.relevanceScore,
    userRole: e.userRole,
    department: e.department,
    context: e.context,
    tags: e.tags ?? [],
    successRate: e.successRate,
    usageCount: e.usageCount,
  };
}

/**
 * Owns the in-memory expansion index and pair statistics: built from active entries and every pair's
 * ratings at start-up, then kept current by change events (same instance, immediate) and a one-second sync
 * of rows changed elsewhere (other instances). The expand path reads them without touching the database.
 */
@Injectable()
export class ExpansionIndexService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('ExpansionIndex');
  /** While the database is down, the sync fails every second: one line a minute. */
  private readonly syncFailed = new ThrottledWarning(this.log);
  private index: ExpansionIndex;
  private lexicons: Lexicons;
  private wordnetIndex?: WordNetIndex;
  private readonly pairTable = new PairStatsTable();
  private subscription?: Subscription;
  private pairSubscription?: Subscription;
  private timer?: NodeJS.Timeout;
  private lastSync = new Date(0);
  private syncing = false;
  private built = false;
  private lastSyncedAt = Date.now();

  constructor(
    private readonly config: ConfigService<RootConfig, true>,
    private readonly catalogue: CatalogueStore,
    private readonly audit: AuditService,
    private readonly events: CatalogueEvents,
    private readonly pairStatsService: PairStatsService,
    metrics: MetricsService,
  ) {
    metrics.gauge('expansion_index_entries', 'Active catalogue entries in the in-memory expansion index', () => this.index.size);
    metrics.gauge('expansion_index_refresh_age_seconds', 'Seconds since the index last synced changes from the database', () => (this.built ? (Date.now() - this.lastSyncedAt) / 1000 : 0));
    this.lexicons = loadLexicons();
    this.index = ExpansionIndex.build([], this.lexicons);
  }

  /** Whether the index was built from the catalogue at start-up (readiness). */
  get ready(): boolean {
    return this.built;
  }

  get current(): ExpansionIndex {
    return this.index;
  }

  get wordnet(): WordNetIndex | undefined {
    return this.wordnetIndex;
  }

  /** Ratings of non-catalogue term -> alternative pairs, keyed by pairKey(term, alternative, domain). */
  get pairStats(): PairStatsTable {
    return this.pairTable;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Changes committed while the index builds are applied afterwards, in order.
    const early: SynonymEntity[] = [];
    const removedEarly: number[] = [];
    let building = true;
    this.subscription = this.events.changes.subscribe((change) => {
      if (building) {
        if (change.entry) early.push(change.entry);
        else removedEarly.push(change.id);
        return;
      }
      if (change.kind === 'remove' || !change.entry) this.index.remove(change.id);
      else this.apply(change.entry);
    });
    // Counts only grow, so pair statistics can be applied in any order, before or during the load.
    this.pairSubscription = this.pairStatsService.changes.subscribe((rows) => this.applyPairStats(rows));
    const warmStarted = Date.now();
    warmEngine();
    this.log.log(`Expansion analysis loaded (tagger, frequencies, spellings, thesaurus) in ${Date.now() - warmStarted} ms`);
    if (this.config.getOrThrow('app.wordnet', { infer: true })) {
      const started = Date.now();
      this.wordnetIndex = WordNetIndex.load();
      this.log.log(`WordNet loaded: ${this.wordnetIndex.size} lemmas in ${Date.now() - started} ms`);
    }
    this.lastSync = new Date(Date.now() - SYNC_OVERLAP_MS);
    await this.rebuild();
    await this.loadPairStats();
    building = false;
    this.built = true;
    this.lastSyncedAt = Date.now();
    for (const e of early) this.apply(e);
    for (const id of removedEarly) this.index.remove(id);
    this.timer = setInterval(() => void this.syncFromDatabase(), SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    this.pairSubscription?.unsubscribe();
    if (this.timer) clearInterval(this.timer);
  }

  /** Builds a fresh index from every active entry, in id-ordered batches, and swaps it in. */
  async rebuild(): Promise<void> {
    const started = Date.now();
    const entries: CatalogueEntry[] = [];
    let afterId = 0;
    for (;;) {
      const batch = await this.catalogue.findActiveForIndex(afterId, BUILD_BATCH);
      for (const e of batch) entries.push(toCatalogueEntry(e));
      if (batch.length < BUILD_BATCH) break;
      afterId = batch[batch.length - 1].id;
    }
    this.index = ExpansionIndex.build(entries, this.lexicons);
    this.log.log(`Expansion index built: ${entries.length} active entries in ${Date.now() - started} ms`);
  }

  /** Loads every pair's ratings, in id-ordered batches. */
  private async loadPairStats(): Promise<void> {
    let afterId = 0;
    for (;;) {
      const batch = await this.pairStatsService.findBatchAfter(afterId, BUILD_BATCH);
      this.applyPairStats(batch);
      if (batch.length < BUILD_BATCH) break;
      afterId = batch[batch.length - 1].id;
    }
    this.log.log(`Pair statistics loaded: ${this.pairTable.size} pairs`);
  }

  /** Picks up rows changed by other instances since the last sync (updated_at and the audit log's deletes). */
  async syncFromDatabase(): Promise<number> {
    if (this.syncing) return 0;
    this.syncing = true;
    try {
      const since = this.lastSync;
      const now = new Date();
      const changed = await this.catalogue.findChangedSince(since, SYNC_PAGE);
      for (const e of changed) this.apply(e);
      const deletes = await this.audit.findDeletedSince(since, SYNC_PAGE);
      for (const id of deletes) this.index.remove(id);
      const pairs = await this.pairStatsService.findChangedSince(since, SYNC_PAGE);
      this.applyPairStats(pairs);
      // A full page means more rows wait: continue from the last one seen rather than from now.
      let resumeAt = now;
      if (changed.length === SYNC_PAGE && changed[changed.length - 1].updatedAt < resumeAt) resumeAt = changed[changed.length - 1].updatedAt;
      if (pairs.length === SYNC_PAGE && pairs[pairs.length - 1].updatedAt < resumeAt) resumeAt = pairs[pairs.length - 1].updatedAt;
      this.lastSync = new Date(resumeAt.getTime() - SYNC_OVERLAP_MS);
      this.lastSyncedAt = Date.now();
      return changed.length + deletes.length + pairs.length;
    } catch (err) {
      this.syncFailed.warn(`Catalogue sync failed, retrying: ${(err as Error).message}`);
      return 0;
    } finally {
      this.syncing = false;
    }
  }

  /** Stores pair statistics; a row older than the one held (fewer uses: counts only grow) is ignored. */
  applyPairStats(rows: ExpansionPairStatEntity[]): void {
    for (const r of rows) {
      const key = pairKey(r.term, r.alternative, r.domain);
      const held = this.pairTable.get(key);
      if (!held || r.usageCount >= held.uses) this.pairTable.set(key, { helpful: r.helpfulCount, uses: r.usageCount });
    }
  }

  private apply(e: SynonymEntity): void {
    if (e.status === 'active') this.index.upsert(toCatalogueEntry(e));
    else this.index.remove(e.id);
  }
}
