import { Injectable } from '@nestjs/common';
import { alternativesAtDefaults } from '../expansion/default-request';
import { defaultThesaurus, IndexOverlay, type CatalogueEntry, type ExpansionIndex, type OverlayChanges } from '../expansion/engine';
import { ExpansionIndexService, toCatalogueEntry } from '../expansion/expansion-index.service';
import { ExpansionRecorder, type RecordedQuery } from '../expansion/expansion-recorder.service';
import { CatalogueStore } from '../synonyms/catalogue-store';
import { learntConfidence } from '../synonyms/learnt-confidence';
import { DEFAULT_CONFIDENCE } from '../synonyms/synonym.enums';
import { SynonymNotFoundError } from '../synonyms/synonym.errors';
import { DEFAULT_SIMULATION_DAYS, DEFAULT_SIMULATION_LIMIT, type CatalogueChangeDto, type LintDto, type LintResponseDto, type SimulateDto, type SimulateResponseDto } from './dto/impact.dto';
import { DEFAULT_BROAD_SHARE, lintCatalogue, type LintEntry, type LintFinding } from './lint/rule-lint';
import { replay } from './replay';

const DAY_MS = 86_400_000;
const REJECTED_PAGE = 5000;

/** Where a change set leaves each entry it names: its entry as the index would hold it, and whether it is active. */
interface ChangedEntry {
  entry: CatalogueEntry;
  active: boolean;
  /** the last change that touched it */
  change: number;
}

/** A resolved change set: the overlay it makes, and each entry it leaves (created entries have negative ids). */
interface ChangePlan {
  overlay: OverlayChanges;
  entries: Map<number, ChangedEntry>;
}

const lintEntry = (e: CatalogueEntry, change?: number): LintEntry => ({ id: e.id, term: e.term, synonym: e.synonym, userRole: e.userRole, department: e.department, ...(change === undefined ? {} : { change }) });

/**
 * Impact simulation and rule lint (docs/CURATION.md): a proposed change set replayed on recorded queries over
 * an overlay of the live index, which it never changes; lint findings of the catalogue or of a change set.
 */
@Injectable()
export class ImpactService {
  constructor(
    private readonly indexes: ExpansionIndexService,
    private readonly recorder: ExpansionRecorder,
    private readonly catalogue: CatalogueStore,
  ) {}

  async simulate(dto: SimulateDto): Promise<SimulateResponseDto> {
    const plan = await this.resolve(dto.changes);
    const queries = await this.recentQueries(dto.days, dto.limit);
    const rejected = await this.rejected();
    // from here on synchronous: no catalogue change can reach the live index while it is read
    const live = this.indexes.current;
    const overlay = new IndexOverlay(live, plan.overlay);
    const resources = { wordnet: this.indexes.wordnet, pairStats: this.indexes.pairStats };
    const summary = replay(queries, live, overlay, (view, q) => alternativesAtDefaults(view, q, resources));
    return { ...summary, lint: this.lintOver(live, plan, rejected, queries, DEFAULT_BROAD_SHARE) };
  }

  async lint(dto: LintDto): Promise<LintResponseDto> {
    const plan = dto.changes ? await this.resolve(dto.changes) : undefined;
    const queries = await this.recentQueries(dto.days, dto.limit);
    const rejected = await this.rejected();
    const live = this.indexes.current;
    const entries = this.lintEntries(live, plan);
    const findings = lintCatalogue({
      entries,
      rejected: rejected.filter((r) => !plan?.entries.has(r.id)),
      queries,
      broadShare: dto.broad_share ?? DEFAULT_BROAD_SHARE,
      lexicons: live.lexicons,
      thesaurus: defaultThesaurus(),
      changesOnly: plan !== undefined,
    });
    return { entries_checked: entries.length, findings };
  }

  private lintOver(live: ExpansionIndex, plan: ChangePlan, rejected: LintEntry[], queries: RecordedQuery[], broadShare: number): LintFinding[] {
    return lintCatalogue({
      entries: this.lintEntries(live, plan),
      rejected: rejected.filter((r) => !plan.entries.has(r.id)),
      queries,
      broadShare,
      lexicons: live.lexicons,
      thesaurus: defaultThesaurus(),
      changesOnly: true,
    });
  }

  /** The active catalogue as the linter reads it: the live entries, with the change set applied when there is one. */
  private lintEntries(live: ExpansionIndex, plan?: ChangePlan): LintEntry[] {
    const out: LintEntry[] = [];
    for (const e of live.entries()) if (!plan?.entries.has(e.id)) out.push(lintEntry(e));
    if (plan) for (const c of plan.entries.values()) if (c.active) out.push(lintEntry(c.entry, c.change));
    return out;
  }

  private recentQueries(days = DEFAULT_SIMULATION_DAYS, limit = DEFAULT_SIMULATION_LIMIT): Promise<RecordedQuery[]> {
    return this.recorder.topQueriesSince(new Date(Date.now() - days * DAY_MS), limit);
  }

  private async rejected(): Promise<LintEntry[]> {
    const out: LintEntry[] = [];
    for (let afterId = 0; ; ) {
      const page = await this.catalogue.findRejectedPairs(afterId, REJECTED_PAGE);
      for (const r of page) out.push({ id: r.id, term: r.term, synonym: r.synonym, userRole: r.userRole, department: r.department });
      if (page.length < REJECTED_PAGE) return out;
      afterId = page[page.length - 1].id;
    }
  }

  /**
   * Applies the changes in order to the entries they name (docs/API.md, "Impact simulation"): create adds an
   * active entry (id -1, -2, … by position); update changes the fields it sends (a new confidence is learnt from
   * the entry's ratings, as a real update would); activate, deactivate and delete set whether the entry is active.
   * The status workflow is not checked: the simulation answers what the index would do. An unknown synonym_id is
   * 404 SYNONYM_NOT_FOUND for the whole request.
   */
  private async resolve(changes: CatalogueChangeDto[]): Promise<ChangePlan> {
    const ids = [...new Set(changes.flatMap((c) => (c.action === 'create' || c.synonym_id === undefined ? [] : [c.synonym_id])))];
    const rows = new Map((await this.catalogue.findByIds(ids)).map((r) => [r.id, r]));
    const entries = new Map<number, ChangedEntry>();
    changes.forEach((c, i) => {
      if (c.action === 'create') {
        const entry: CatalogueEntry = {
          id: -(i + 1),
          term: c.term ?? '',
          synonym: c.synonym ?? '',
          domain: c.domain ?? null,
          confidence: c.confidence ?? DEFAULT_CONFIDENCE,
          userRole: c.user_role ?? null,
          department: c.department ?? null,
          context: null,
          tags: [],
        };
        entries.set(entry.id, { entry, active: true, change: i });
        return;
      }
      const id = c.synonym_id as number;
      const row = rows.get(id);
      if (!row) throw new SynonymNotFoundError(id);
      const current = entries.get(id) ?? { entry: toCatalogueEntry(row), active: row.status === 'active', change: i };
      current.change = i;
      if (c.action === 'update') {
        const e = current.entry;
        current.entry = {
          ...e,
          term: c.term ?? e.term,
          synonym: c.synonym ?? e.synonym,
          domain: c.domain ?? e.domain,
          confidence: c.confidence === undefined ? e.confidence : learntConfidence(c.confidence, row.helpfulCount, row.usageCount),
          userRole: c.user_role ?? e.userRole,
          department: c.department ?? e.department,
        };
      } else current.active = c.action === 'activate';
      entries.set(id, current);
    });
    const upserts: CatalogueEntry[] = [];
    const removals: number[] = [];
    for (const [id, c] of entries) {
      if (c.active) upserts.push(c.entry);
      else if (id > 0) removals.push(id);
    }
    return { overlay: { upserts, removals }, entries };
  }
}
