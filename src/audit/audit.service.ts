import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, MoreThanOrEqual, Repository } from 'typeorm';
import { num, rows, sqlTime, str } from '../common/db/sql';
import { ValidationError } from '../common/errors';
import { Page } from '../common/pagination';
import { periodBound } from '../common/validation/query-values';
import type { AuditEntryDto } from './dto/audit-entry.dto';
import type { AuditLogQueryDto } from './dto/audit-log-query.dto';
import { AuditEntryEntity } from './entities/audit-entry.entity';

export type AuditAction = 'create' | 'update' | 'delete' | 'status_change' | 'import';

export interface AuditRecord {
  synonymId: number;
  action: AuditAction;
  performedBy: string;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  reason?: string | null;
}

/** The audit trail: appended inside the caller's transaction, read newest first, never changed. */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEntryEntity) private readonly entries: Repository<AuditEntryEntity>) {}

  /** Appends an entry through the caller's transaction manager, so the change and its audit commit together. */
  async record(manager: EntityManager, record: AuditRecord): Promise<void> {
    const entry = Object.assign(new AuditEntryEntity(), {
      synonymId: record.synonymId,
      action: record.action,
      performedBy: record.performedBy,
      performedAt: new Date(),
      oldValues: record.oldValues,
      newValues: record.newValues,
      reason: record.reason ?? null,
    });
    await manager.save(AuditEntryEntity, entry, { reload: false });
  }

  async list(query: AuditLogQueryDto): Promise<Page<AuditEntryDto>> {
    const start = periodBound(query.start_date, false);
    const end = periodBound(query.end_date, true);
    if (start && end && start > end) {
      throw new ValidationError('start_date must not be after end_date', { field: 'start_date', expected_type: 'timestamp <= end_date', provided_value: query.start_date });
    }
    const qb = this.entries.createQueryBuilder('a');
    if (query.synonym_id !== undefined) qb.andWhere('a.synonymId = :sid', { sid: query.synonym_id });
    if (query.user_id !== undefined) qb.andWhere('a.performedBy = :uid', { uid: query.user_id });
    if (query.action !== undefined) qb.andWhere('a.action = :action', { action: query.action });
    if (start) qb.andWhere('a.performedAt >= :start', { start });
    if (end) qb.andWhere('a.performedAt <= :end', { end });
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    qb.orderBy('a.performedAt', direction).addOrderBy('a.id', direction).skip(query.offset).take(query.limit);
    const [rows, total] = await qb.getManyAndCount();
    return new Page('audit_entries', rows.map(toAuditView), total, query.limit, query.offset);
  }

  /** Ids of entries deleted at or after `since` (the expansion index's sync of other instances' deletes). */
  async findDeletedSince(since: Date, limit: number): Promise<number[]> {
    const found = await this.entries.find({ where: { action: 'delete', performedAt: MoreThanOrEqual(since) }, select: { synonymId: true }, take: limit });
    return found.map((d) => d.synonymId);
  }

  /** Audit entries per action since a time (dashboard's recent activity). */
  async countByActionSince(since: Date): Promise<Record<string, number>> {
    const found = await rows(this.entries.manager, 'SELECT action, COUNT(*) AS n FROM audit_log WHERE performed_at >= ? GROUP BY action', [sqlTime(since)]);
    return Object.fromEntries(found.map((r) => [str(r.action), num(r.n)]));
  }

  /** Users by entries created, most first (dashboard's top contributors). */
  async topCreators(limit: number): Promise<Record<string, number>> {
    const found = await rows(
      this.entries.manager,
      `SELECT performed_by AS who, COUNT(*) AS n FROM audit_log WHERE action = 'create' GROUP BY performed_by ORDER BY COUNT(*) DESC, performed_by ASC LIMIT ${Math.floor(limit)}`,
    );
    return Object.fromEntries(found.map((r) => [str(r.who), num(r.n)]));
  }
}

export function toAuditView(e: AuditEntryEntity): AuditEntryDto {
  return {
    id: e.id,
    synonym_id: e.synonymId,
    action: e.action,
    performed_by: e.performedBy,
    performed_at: e.performedAt.toISOString(),
    old_values: e.oldValues,
    new_values: e.newValues,
    reason: e.reason,
  };
}
