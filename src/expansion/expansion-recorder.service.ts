import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Tracer } from '@opentelemetry/api';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { num, rows, sqlTime, str, type Row } from '../common/db/sql';
import { TransactionRunner } from '../common/db/transactions';
import { inSpan } from '../common/tracing/tracing';
import { TracingService } from '../common/tracing/tracing.service';
import { ThrottledWarning } from '../common/logging/throttled-warning';
import { MetricsService } from '../metrics/metrics.service';
import { addToDailyStats } from './daily-stats';
import { ExpansionEventEntity } from './entities/expansion-event.entity';

export const FLUSH_INTERVAL_MS = 500;
/** Events per insert; small enough that one write never holds the event loop for long. */
export const FLUSH_BATCH = 100;
/** Pending events that trigger a flush before the timer. */
export const FLUSH_THRESHOLD = 500;
/** Beyond this many unwritten events (a long database outage) the oldest are dropped: counted, and logged once a minute. */
export const MAX_PENDING = 100_000;

const COLUMNS = ['id', 'user_id', 'user_role', 'department', 'domain', 'session_id', 'query', 'result_count', 'strategies', 'avg_confidence', 'avg_relevance', 'latency_ms', 'results', 'created_at'];
const INSERT_EVENTS = `INSERT INTO expansion_events (${COLUMNS.join(', ')}) VALUES `;
const ROW = `(${COLUMNS.map(() => '?').join(', ')})`;

/** Where a scan of session events stopped. */
export interface SessionEventCursor {
  sessionId: string;
  createdAt: Date;
  id: string;
}

/** One recorded query of a session, as discovery reads it. */
export interface SessionEventRow extends SessionEventCursor {
  userId: string;
  query: string;
  domain: string | null;
}

/** A datetime(3) as the drivers return it: a Date (MySQL) or "YYYY-MM-DD HH:MM:SS.mmm" UTC text (SQLite). */
function readTime(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = str(value);
  return new Date(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
}

/** A distinct recorded query and its scope, with how often it was expanded. */
export interface RecordedQuery {
  query: string;
  domain: string | null;
  userRole: string | null;
  department: string | null;
  count: number;
}

const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : str(v));

/** The span of one batch written (a trace of its own, with the batch's statements in it). */
export const WRITE_SPAN = 'expansion_events.write';

/** One event as statement parameters; plain SQL, because building a TypeORM insert costs more than the write. */
function eventRow(e: ExpansionEventEntity): unknown[] {
  return [
    e.id, e.userId, e.userRole, e.department, e.domain, e.sessionId, e.query, e.resultCount, JSON.stringify(e.strategies),
    e.avgConfidence, e.avgRelevance, e.latencyMs, JSON.stringify(e.results), sqlTime(e.createdAt),
  ];
}

/**
 * Records expansion events off the request path: expand() hands an event over and returns; a timer writes
 * pending events in batches, with their daily roll-up in the same transaction. Failed writes are kept and
 * retried; shutdown flushes what is left.
 */
@Injectable()
export class ExpansionRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private readonly log = new Logger('ExpansionRecorder');
  /** While the database is down: one line a minute for the failed writes, one for the dropped events. */
  private readonly writeFailed = new ThrottledWarning(this.log);
  private readonly dropped = new ThrottledWarning(this.log);
  private pending = new Map<string, ExpansionEventEntity>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  /** Defined only while tracing is on. */
  private readonly tracer: Tracer | undefined;

  constructor(
    private readonly tx: TransactionRunner,
    @InjectRepository(ExpansionEventEntity) private readonly events: Repository<ExpansionEventEntity>,
    private readonly metrics: MetricsService,
    tracing: TracingService,
  ) {
    this.tracer = tracing.tracer;
    metrics.gauge('expansion_events_queued', 'Expansion events answered and not yet written', () => this.pending.size);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    if (this.pending.size > 0) await this.flush();
    if (this.pending.size > 0) this.log.error(`${this.pending.size} expansion events could not be written before shutdown and are lost`);
  }

  record(event: ExpansionEventEntity): void {
    this.pending.set(event.id, event);
    if (this.pending.size > MAX_PENDING) {
      const oldest = this.pending.keys().next().value as string;
      this.pending.delete(oldest);
      this.metrics.droppedEvents.inc();
      this.dropped.warn(`Expansion events are not being written and ${MAX_PENDING} wait: dropped the oldest pending event`);
    }
    if (this.pending.size >= FLUSH_THRESHOLD) void this.flush();
  }

  /** An event not yet written, so feedback can find it before the flush. */
  findPending(id: string): ExpansionEventEntity | undefined {
    return this.pending.get(id);
  }

  /** A recorded expansion: the pending batch first (feedback can follow its expansion at once), then the table. */
  async findEvent(id: string): Promise<ExpansionEventEntity | null> {
    return this.pending.get(id) ?? (await this.events.findOneBy({ id }));
  }

  /**
   * Discovery's read: events with a session, recorded at or after `since`, ordered by session, time and id, one
   * batch after `after` (keyset pagination, so the scan never holds the table in memory).
   */
  async findSessionEventsAfter(since: Date, after: SessionEventCursor | undefined, limit: number): Promise<SessionEventRow[]> {
    // session_id >= ? makes the keyset a range read of IDX_events_session_created from the cursor
    const keyset = after ? ' AND session_id >= ? AND (session_id > ? OR (session_id = ? AND (created_at > ? OR (created_at = ? AND id > ?))))' : '';
    const at = after ? sqlTime(after.createdAt) : '';
    const params = after ? [after.sessionId, after.sessionId, after.sessionId, at, at, after.id] : [];
    const found = await rows(
      this.events.manager,
      `SELECT id, session_id, user_id, query, domain, created_at FROM expansion_events
        WHERE session_id IS NOT NULL AND created_at >= ?${keyset}
        ORDER BY session_id ASC, created_at ASC, id ASC LIMIT ${Math.floor(limit)}`,
      [sqlTime(since), ...params],
    );
    return found.map((r) => ({ id: str(r.id), sessionId: str(r.session_id), userId: str(r.user_id), query: str(r.query), domain: strOrNull(r.domain), createdAt: readTime(r.created_at) }));
  }

  /**
   * The distinct queries recorded since `since`, with their domain, role and department, most frequent first (ties
   * by query), at most `limit`: what an impact simulation replays. Pending events are written first, so every
   * answered expansion counts.
   */
  async topQueriesSince(since: Date, limit: number): Promise<RecordedQuery[]> {
    await this.flush();
    const found = await this.events
      .createQueryBuilder('e')
      .select(['e.query AS query', 'e.domain AS domain', 'e.userRole AS user_role', 'e.department AS department', 'COUNT(*) AS n'])
      .where('e.createdAt >= :since', { since: sqlTime(since) })
      .groupBy('e.query')
      .addGroupBy('e.domain')
      .addGroupBy('e.userRole')
      .addGroupBy('e.department')
      .orderBy('n', 'DESC')
      .addOrderBy('e.query', 'ASC')
      .limit(limit)
      .getRawMany<Row>();
    return found.map((r) => ({ query: str(r.query), domain: strOrNull(r.domain), userRole: strOrNull(r.user_role), department: strOrNull(r.department), count: num(r.n) }));
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Writes every pending event; concurrent callers share one flush. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.writePending().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()].slice(0, FLUSH_BATCH);
      try {
        await this.write(batch);
      } catch (err) {
        if (!(await this.salvage(batch, err))) return;
      }
      for (const e of batch) this.pending.delete(e.id);
      // Let waiting requests run between batches.
      if (this.pending.size > 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private write(batch: ExpansionEventEntity[]): Promise<void> {
    const work = () =>
      this.tx.run(async (m) => {
        await m.query(INSERT_EVENTS + batch.map(() => ROW).join(','), batch.flatMap(eventRow));
        await addToDailyStats(m, batch);
      });
    // a root span: the flush serves many requests, and may be started by any one of them
    return this.tracer ? inSpan(this.tracer, WRITE_SPAN, { root: true, attributes: { 'expansion.event_count': batch.length } }, work) : work();
  }

  /**
   * A batch failed. If the database answers, the batch itself is at fault: write its events one by one and
   * drop (with an error log) only those the database refuses, so one bad event never blocks the others.
   * If the database does not answer, keep everything for the next flush. True when the batch is settled.
   */
  private async salvage(batch: ExpansionEventEntity[], err: unknown): Promise<boolean> {
    try {
      await this.tx.run((m) => m.query('SELECT 1'));
    } catch {
      this.writeFailed.warn(`Writing expansion events failed, ${this.pending.size} kept for the next attempt: ${(err as Error).message}`);
      return false;
    }
    for (const event of batch) {
      try {
        await this.write([event]);
      } catch (single) {
        this.log.error({ expansionId: event.id, err: (single as Error).message }, 'Expansion event refused by the database and dropped');
      }
    }
    return true;
  }
}
