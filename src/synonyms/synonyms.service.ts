import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { CURATORS } from '../auth/roles';
import { isUniqueViolation, LIKE_ESCAPE, likeEscape, TransactionRunner } from '../common/db/transactions';
import { DomainError, ValidationError } from '../common/errors';
import { Page } from '../common/pagination';
import { normalize } from '../expansion/engine/normalize';
import { CatalogueEvents } from './catalogue-events';
import { DuplicateSynonymError, InvalidStatusTransitionError, SynonymNotFoundError, VersionConflictError } from './synonym.errors';
import { assertEntryFits, domainOf, lowerOrNull, prepareEntry, scopeKey, tagsOrNull, trimOrNull, type EntryFields } from './entry-preparation';
import { learntConfidence } from './learnt-confidence';
import type { ListSynonymsQueryDto } from './dto/list-synonyms-query.dto';
import type { UpdateSynonymDto } from './dto/update-synonym.dto';
import { REVIEW_TARGET, type ReviewOutcome, type ReviewResultDto, type ReviewSynonymsDto, type ReviewSynonymsResponseDto } from './dto/review-synonyms.dto';
import { SynonymEntity } from './entities/synonym.entity';
import { canMove, type SynonymSource, type SynonymStatus } from './synonym.enums';
import type { SynonymDto } from './dto/synonym-responses.dto';
import { auditSnapshot, toSynonymView } from './synonym.view';

/** The internal add operation's input (the spec's "internal management operation"). */
export interface AddSynonymInput extends EntryFields {
  source: SynonymSource;
  /** Initial status; pending when omitted. */
  status?: SynonymStatus;
  reason?: string | null;
}

const SORT_COLUMNS: Record<string, string> = {
  created_at: 's.createdAt',
  updated_at: 's.updatedAt',
  confidence: 's.confidence',
  usage_count: 's.usageCount',
  success_rate: 's.successRate',
  term: 's.termNormalized',
  id: 's.id',
};


@Injectable()
export class SynonymsService {
  constructor(
    @InjectRepository(SynonymEntity) private readonly synonyms: Repository<SynonymEntity>,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly events: CatalogueEvents,
  ) {}

  /** POST /synonyms: a curator or admin adds an active entry; anyone else proposes a pending one. */
  async create(input: Omit<AddSynonymInput, 'source' | 'status'>, caller: AuthUser): Promise<SynonymEntity> {
    const curator = caller.roles.some((r) => CURATORS.includes(r));
    return this.add(
      { ...input, source: curator ? 'manual_curation' : 'collaborative', status: curator ? 'active' : 'pending' },
      caller.id,
    );
  }

  /** The internal add operation: any source, an explicit initial status (pending by default), audited. */
  async add(input: AddSynonymInput, createdBy: string, manager?: EntityManager): Promise<SynonymEntity> {
    const entity = this.buildEntity(input, createdBy);
    const work = async (m: EntityManager) => {
      await this.assertNoDuplicate(m, entity);
      const saved = await m.save(SynonymEntity, entity).catch((err: unknown) => {
        throw isUniqueViolation(err) ? new DuplicateSynonymError(entity) : err;
      });
      await this.audit.record(m, {
        synonymId: saved.id,
        action: 'create',
        performedBy: createdBy,
        oldValues: null,
        newValues: auditSnapshot(saved),
        reason: input.reason ?? null,
      });
      return saved;
    };
    const saved = manager ? await work(manager) : await this.tx.run(work);
    // Inside a caller's transaction the caller announces after its commit (see announce()).
    if (!manager) this.announce(saved);
    return saved;
  }

  /** Tells the expansion index about a committed entry. */
  announce(entry: SynonymEntity): void {
    this.events.upserted(entry);
  }

  async list(query: ListSynonymsQueryDto): Promise<Page<SynonymDto>> {
    const qb = this.synonyms.createQueryBuilder('s');
    if (query.domain !== undefined) qb.andWhere('s.domain = :domain', { domain: query.domain });
    if (query.status !== undefined) qb.andWhere('s.status = :status', { status: query.status });
    if (query.user_role !== undefined) qb.andWhere('s.userRole = :role', { role: query.user_role });
    if (query.department !== undefined) qb.andWhere('LOWER(s.department) = :dept', { dept: query.department.toLowerCase() });
    if (query.source !== undefined) qb.andWhere('s.source = :source', { source: query.source });
    if (query.created_by !== undefined) qb.andWhere('s.createdBy = :by', { by: query.created_by });
    if (query.term !== undefined) {
      qb.andWhere(`s.termNormalized LIKE :term ${LIKE_ESCAPE}`, { term: `%${likeEscape(normalize(query.term))}%` });
    }
    if (query.synonym !== undefined) {
      qb.andWhere(`s.synonymNormalized LIKE :syn ${LIKE_ESCAPE}`, { syn: `%${likeEscape(normalize(query.synonym))}%` });
    }
    if (query.tag !== undefined) qb.andWhere(`s.tags LIKE :tag ${LIKE_ESCAPE}`, { tag: `%${likeEscape(JSON.stringify(query.tag))}%` });
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    qb.orderBy(SORT_COLUMNS[query.sort], direction).addOrderBy('s.id', direction).skip(query.offset).take(query.limit);
    const [rows, total] = await qb.getManyAndCount();
    return new Page('synonyms', rows.map(toSynonymView), total, query.limit, query.offset);
  }

  async get(id: number): Promise<SynonymEntity> {
    const found = await this.synonyms.findOneBy({ id });
    if (!found) throw new SynonymNotFoundError(id);
    return found;
  }

  /**
   * PUT /synonyms/{id}. A stale `version` (body) or If-Match → 409 VERSION_CONFLICT; the write is a
   * compare-and-set on the version column, so of two concurrent edits of one version exactly one wins.
   */
  async update(id: number, dto: UpdateSynonymDto, caller: AuthUser, ifMatch?: string): Promise<SynonymEntity> {
    const expected = this.expectedVersion(dto.version, ifMatch);
    for (const [field, value] of Object.entries(dto)) {
      // Only the restrictions can be lifted with null; any other field is either sent with a value or left out.
      if (value === null && field !== 'user_role' && field !== 'department') {
        throw new ValidationError(`"${field}" cannot be null; leave it out to keep the current value`, { field, expected_type: 'a value (not null)', provided_value: null });
      }
    }
    const changed = Object.entries(dto).filter(([k, v]) => v !== undefined && k !== 'reason' && k !== 'version');
    if (changed.length === 0) {
      throw new ValidationError('Nothing to update: send at least one of confidence, notes, status, tags, domain, context, user_role, department', {
        field: '(body)',
        expected_type: 'at least one updatable field',
        provided_value: null,
      }, 'NOTHING_TO_UPDATE');
    }
    const saved = await this.tx.run(async (m) => {
      const current = await m.findOneBy(SynonymEntity, { id });
      if (!current) throw new SynonymNotFoundError(id);
      if (expected !== undefined && expected !== current.version) throw new VersionConflictError(id, expected, current.version);
      return this.writeUpdate(m, current, dto, caller);
    });
    this.events.upserted(saved);
    return saved;
  }

  /** DELETE /synonyms/{id}: the row goes, its history stays in the audit log. */
  async remove(id: number, caller: AuthUser, reason?: string): Promise<void> {
    await this.tx.run(async (m) => {
      const current = await m.findOneBy(SynonymEntity, { id });
      if (!current) throw new SynonymNotFoundError(id);
      await m.delete(SynonymEntity, { id });
      await this.audit.record(m, {
        synonymId: id,
        action: 'delete',
        performedBy: caller.id,
        oldValues: auditSnapshot(current),
        newValues: null,
        reason: reason ?? null,
      });
    });
    this.events.removed(id);
  }

  /**
   * POST /synonyms/review: the status workflow applied to each id in turn, each in a transaction of its own
   * through PUT's write path (same checks, audit entry and index update), so a refusal leaves the others moved.
   * An entry already in the target status is left as it is (no write, no audit): a re-sent review is harmless.
   * A database failure stops the review with its error; the ids before it stay moved (docs/API.md, "Review at scale").
   */
  async review(dto: ReviewSynonymsDto, caller: AuthUser): Promise<ReviewSynonymsResponseDto> {
    const to = REVIEW_TARGET[dto.action];
    const results: ReviewResultDto[] = [];
    for (const id of dto.ids) results.push(await this.reviewOne(id, to, dto.reason, caller));
    const count = (outcome: ReviewOutcome) => results.filter((r) => r.outcome === outcome).length;
    const counts = { requested: dto.ids.length, moved: count('moved'), unchanged: count('unchanged'), refused: count('refused'), not_found: count('not_found') };
    return { success: true, message: `${counts.moved} of ${counts.requested} synonym(s) moved to ${to}`, action: dto.action, target_status: to, counts, results };
  }

  private async reviewOne(id: number, to: SynonymStatus, reason: string, caller: AuthUser): Promise<ReviewResultDto> {
    let from: SynonymStatus | undefined;
    try {
      const saved = await this.tx.run(async (m) => {
        const current = await m.findOneBy(SynonymEntity, { id });
        if (!current) throw new SynonymNotFoundError(id);
        from = current.status;
        return current.status === to ? undefined : this.writeUpdate(m, current, { status: to, reason }, caller);
      });
      if (!saved) return { id, outcome: 'unchanged', from, to };
      this.events.upserted(saved);
      return { id, outcome: 'moved', from, to, version: saved.version };
    } catch (err) {
      // the errors PUT would answer for this id become its result; anything else (the database) stops the review
      if (!(err instanceof DomainError)) throw err;
      const error = { code: err.code, message: err.message };
      return err instanceof SynonymNotFoundError ? { id, outcome: 'not_found', error } : { id, outcome: 'refused', from, to, error };
    }
  }

  /**
   * The write of PUT /synonyms/{id} and of a review, inside the caller's transaction, on the entry as just read:
   * the workflow and scope checks, the compare-and-set on the version, the audit entry (status_change when the
   * status moved). The caller announces the returned entry after commit.
   */
  private async writeUpdate(m: EntityManager, current: SynonymEntity, dto: UpdateSynonymDto, caller: AuthUser): Promise<SynonymEntity> {
    const id = current.id;
    const before = auditSnapshot(current);
    const next = this.applyUpdate(current, dto);
    assertEntryFits(next);
    if (next.scopeKey !== current.scopeKey) await this.assertNoDuplicate(m, next, id);
    const result = await m
      .createQueryBuilder()
      .update(SynonymEntity)
      .set({
        domain: next.domain,
        confidence: next.confidence,
        relevanceScore: next.relevanceScore,
        status: next.status,
        tags: next.tags,
        notes: next.notes,
        context: next.context,
        userRole: next.userRole,
        department: next.department,
        scopeKey: next.scopeKey,
        updatedAt: next.updatedAt,
        version: current.version + 1,
      })
      .where('id = :id AND version = :version', { id, version: current.version })
      .execute()
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? new DuplicateSynonymError(next) : err;
      });
    if (!result.affected) {
      const now = await m.findOneBy(SynonymEntity, { id });
      if (!now) throw new SynonymNotFoundError(id);
      throw new VersionConflictError(id, current.version, now.version);
    }
    const after = { ...next, version: current.version + 1 };
    await this.audit.record(m, {
      synonymId: id,
      action: before.status !== after.status ? 'status_change' : 'update',
      performedBy: caller.id,
      oldValues: before,
      newValues: auditSnapshot(after),
      reason: dto.reason ?? null,
    });
    return after;
  }

  /**
   * Discovery's move of an entry with clearly negative ratings to under_review, inside the caller's transaction,
   * audited as a status change with the evidence as reason. Only from active or deprecated (the workflow's moves
   * to under_review a job may make without a curator's judgement); answers the moved entry, or null when the entry
   * is gone or in another status. The caller announces it after its commit.
   */
  async moveToReview(m: EntityManager, id: number, performedBy: string, reason: string): Promise<SynonymEntity | null> {
    const current = await m.findOneBy(SynonymEntity, { id });
    if (!current || (current.status !== 'active' && current.status !== 'deprecated')) return null;
    try {
      return await this.writeUpdate(m, current, { status: 'under_review', reason }, { id: performedBy, roles: [] });
    } catch (err) {
      // changed meanwhile by a curator: theirs is the last word
      if (err instanceof VersionConflictError) return null;
      throw err;
    }
  }

  private buildEntity(input: AddSynonymInput, createdBy: string): SynonymEntity {
    const entity = Object.assign(new SynonymEntity(), prepareEntry(input));
    entity.relevanceScore = entity.confidence;
    entity.usageCount = 0;
    entity.helpfulCount = 0;
    entity.successRate = 0;
    entity.status = input.status ?? 'pending';
    entity.source = input.source;
    entity.createdBy = createdBy;
    entity.createdAt = new Date();
    entity.updatedAt = entity.createdAt;
    return entity;
  }

  private applyUpdate(current: SynonymEntity, dto: UpdateSynonymDto): SynonymEntity {
    const next = Object.assign(new SynonymEntity(), current);
    if (dto.status !== undefined && !canMove(current.status, dto.status)) {
      throw new InvalidStatusTransitionError(current.status, dto.status);
    }
    if (dto.status !== undefined) next.status = dto.status;
    if (dto.confidence !== undefined) {
      // The learnt score keeps its ratings but takes the curator's new confidence as its prior.
      next.relevanceScore = learntConfidence(dto.confidence, current.helpfulCount, current.usageCount);
      next.confidence = dto.confidence;
    }
    if (dto.notes !== undefined) next.notes = trimOrNull(dto.notes);
    if (dto.context !== undefined) next.context = trimOrNull(dto.context);
    if (dto.tags !== undefined) next.tags = tagsOrNull(dto.tags);
    if (dto.domain !== undefined) next.domain = domainOf(dto.domain);
    if (dto.user_role !== undefined) next.userRole = lowerOrNull(dto.user_role);
    if (dto.department !== undefined) next.department = trimOrNull(dto.department);
    next.scopeKey = scopeKey(next.domain, next.userRole, next.department);
    next.updatedAt = new Date();
    return next;
  }

  private async assertNoDuplicate(m: EntityManager, e: SynonymEntity, exceptId?: number): Promise<void> {
    const existing = await m.findOne(SynonymEntity, {
      where: { termNormalized: e.termNormalized, synonymNormalized: e.synonymNormalized, scopeKey: e.scopeKey },
      select: { id: true },
    });
    if (existing && existing.id !== exceptId) throw new DuplicateSynonymError(e, existing.id);
  }

  private expectedVersion(bodyVersion?: number, ifMatch?: string): number | undefined {
    if (ifMatch === undefined || ifMatch.trim() === '*') return bodyVersion;
    const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(ifMatch.trim());
    if (!m) {
      throw new ValidationError('If-Match must carry the entry version, e.g. "3"', { field: 'If-Match', expected_type: 'entity tag "<version>"', provided_value: ifMatch });
    }
    const fromHeader = Number(m[1]);
    if (bodyVersion !== undefined && bodyVersion !== fromHeader) {
      throw new ValidationError('If-Match and body version disagree', { field: 'version', expected_type: `the If-Match version ${fromHeader}`, provided_value: bodyVersion });
    }
    return fromHeader;
  }
}
