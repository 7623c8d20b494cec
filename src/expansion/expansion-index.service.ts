import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { Subscription } from 'rxjs';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { AuditEntryEntity } from '../audit/entities/audit-entry.entity';
import type { RootConfig } from '../config';
import { SynonymEntity } from '../synonyms/entities/synonym.entity';
import { CatalogueEvents } from '../synonyms/catalogue-events';
import { SynonymsService } from '../synonyms/synonyms.service';
import { ExpansionIndex, loadLexicons, WordNetIndex, type CatalogueEntry, type Lexicons } from './engine';

const BUILD_BATCH = 5000;
/** How often the index looks for changes made by other instances (docs/EXPANSION.md, "Index refresh"). */
export const SYNC_INTERVAL_MS = 1000;
/** Overlap of successive sync windows, so clock skew between instances loses nothing. */
const SYNC_OVERLAP_MS = 2000;

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
 * Owns the in-memory expansion index: built from active entries at start-up, then kept current by the
 * catalogue's change events (same instance, immediate) and a one-second sync of rows changed elsewhere
 * (other instances). The expand path reads it without touching the database.
 */
@Injectable()
export class ExpansionIndexService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('ExpansionIndex');
  private index: ExpansionIndex;
  private lexicons: Lexicons;
  private wordnetIndex?: WordNetIndex;
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;
  private lastSync = new Date(0);
  private syncing = false;

  constructor(
    private readonly config: ConfigService<RootConfig, true>,
    private readonly synonyms: SynonymsService,
    private readonly events: CatalogueEvents,
    @InjectRepository(SynonymEntity) private readonly synonymRows: Repository<SynonymEntity>,
    @InjectRepository(AuditEntryEntity) private readonly auditRows: Repository<AuditEntryEntity>,
  ) {
    this.lexicons = loadLexicons();
    this.index = ExpansionIndex.build([], this.lexicons);
  }

  get current(): ExpansionIndex {
    return this.index;
  }

  get wordnet(): WordNetIndex | undefined {
    return this.wordnetIndex;
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
    if (this.config.getOrThrow('app.wordnet', { infer: true })) {
      const started = Date.now();
      this.wordnetIndex = WordNetIndex.load();
      this.log.log(`WordNet loaded: ${this.wordnetIndex.size} lemmas in ${Date.now() - started} ms`);
    }
    this.lastSync = new Date(Date.now() - SYNC_OVERLAP_MS);
    await this.rebuild();
    building = false;
    for (const e of early) this.apply(e);
    for (const id of removedEarly) this.index.remove(id);
    this.timer = setInterval(() => void this.syncFromDatabase(), SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    if (this.timer) clearInterval(this.timer);
  }

  /** Builds a fresh index from every active entry, in id-ordered batches, and swaps it in. */
  async rebuild(): Promise<void> {
    const started = Date.now();
    const entries: CatalogueEntry[] = [];
    let afterId = 0;
    for (;;) {
      const batch = await this.synonyms.findActiveForIndex(afterId, BUILD_BATCH);
      for (const e of batch) entries.push(toCatalogueEntry(e));
      if (batch.length < BUILD_BATCH) break;
      afterId = batch[batch.length - 1].id;
    }
    this.index = ExpansionIndex.build(entries, this.lexicons);
    this.log.log(`Expansion index built: ${entries.length} active entries in ${Date.now() - started} ms`);
  }

  /** Picks up rows changed by other instances since the last sync (updated_at and the audit log's deletes). */
  async syncFromDatabase(): Promise<number> {
    if (this.syncing) return 0;
    this.syncing = true;
    try {
      const since = this.lastSync;
      const now = new Date();
      const changed = await this.synonymRows.find({ where: { updatedAt: MoreThanOrEqual(since) }, take: 10_000, order: { updatedAt: 'ASC' } });
      for (const e of changed) this.apply(e);
      const deletes = await this.auditRows.find({ where: { action: 'delete', performedAt: MoreThanOrEqual(since) }, select: { synonymId: true }, take: 10_000 });
      for (const d of deletes) this.index.remove(d.synonymId);
      // A full page means more rows wait: continue from the last one seen rather than from now.
      const resumeAt = changed.length === 10_000 ? changed[changed.length - 1].updatedAt : now;
      this.lastSync = new Date(resumeAt.getTime() - SYNC_OVERLAP_MS);
      return changed.length + deletes.length;
    } catch (err) {
      this.log.warn(`Catalogue sync failed, retrying: ${(err as Error).message}`);
      return 0;
    } finally {
      this.syncing = false;
    }
  }

  private apply(e: SynonymEntity): void {
    if (e.status === 'active') this.index.upsert(toCatalogueEntry(e));
    else this.index.remove(e.id);
  }
}
