/**
 * Analytics benchmark: the full report over 1M expansion events and 100k feedback records on
 * MySQL/MariaDB (DB_TYPE, DB_HOST, ... as for the service; database `qes_bench`, recreated).
 *   node -r ts-node/register/transpile-only bench/analytics.ts [--events 1000000] [--feedback 100000]
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { AnalyticsService } from '../src/analytics/analytics.service';
import { sqlTime } from '../src/common/db/sql';
import { readDatabaseConfig } from '../src/config/database.config';
import { buildDataSourceOptions } from '../src/database/typeorm-options';
import { prng } from './prng';

export interface AnalyticsBenchResult {
  events: number;
  feedback: number;
  synonyms: number;
  loadSeconds: number;
  reportMs: number[];
  medianMs: number;
  windowMs: number;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}


async function insertRows(ds: DataSource, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const placeholders = `(${columns.map(() => '?').join(',')})`;
  await ds.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${rows.map(() => placeholders).join(',')}`, rows.flat());
}

export async function runAnalyticsBench(opts: { events?: number; feedback?: number; synonyms?: number } = {}): Promise<AnalyticsBenchResult> {
  const events = opts.events ?? 1_000_000;
  const feedbackCount = opts.feedback ?? 100_000;
  const synonymCount = opts.synonyms ?? 10_000;
  const base = readDatabaseConfig({ ...process.env, DB_TYPE: process.env.DB_TYPE ?? 'mariadb' });
  if (base.type === 'sqlite') throw new Error('The analytics benchmark runs on MySQL/MariaDB (set DB_TYPE=mysql or mariadb)');
  const name = 'qes_bench';
  const admin = new DataSource({ ...buildDataSourceOptions({ ...base, name: 'mysql' }), entities: [], migrations: [] });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const ds = new DataSource(buildDataSourceOptions({ ...base, name }));
  await ds.initialize();
  await ds.runMigrations();

  const rnd = prng(42);
  const domains = ['technical', 'business', 'general', 'legal', null];
  const roles = ['developer', 'manager', 'analyst', 'designer', null];
  const depts = ['Engineering', 'Sales', 'Finance', 'Support', null];
  const started = Date.now();
  const windowStart = Date.parse('2026-08-01T00:00:00Z');
  const windowMs = 90 * 86_400_000;
  const ids: string[] = [];
  const eventTimes: number[] = [];
  const eventDomains: (string | null)[] = [];
  const BATCH = 2000;
  for (let i = 0; i < events; i += BATCH) {
    const rows: unknown[][] = [];
    for (let j = i; j < Math.min(events, i + BATCH); j++) {
      const id = `exp_${j.toString(16).padStart(32, '0')}`;
      ids.push(id);
      const count = rnd() < 0.2 ? 0 : 1 + Math.floor(rnd() * 10);
      const at = windowStart + Math.floor(rnd() * windowMs);
      const domain = domains[Math.floor(rnd() * domains.length)];
      eventTimes.push(at);
      eventDomains.push(domain);
      rows.push([
        id, `user${Math.floor(rnd() * 5000)}`, roles[Math.floor(rnd() * roles.length)], depts[Math.floor(rnd() * depts.length)],
        domain, null, 'sample query text', count, '[]',
        count ? 0.4 + rnd() * 0.6 : 0, count ? 0.3 + rnd() * 0.7 : 0, rnd() * 2, '[]', sqlTime(new Date(at)),
      ]);
    }
    await insertRows(ds, 'expansion_events', ['id', 'user_id', 'user_role', 'department', 'domain', 'session_id', 'query', 'result_count', 'strategies', 'avg_confidence', 'avg_relevance', 'latency_ms', 'results', 'created_at'], rows);
  }
  // The daily roll-up, as the recorder would have maintained it.
  await ds.query(
    `INSERT INTO expansion_daily_stats (day, domain, user_role, department, events, successful, sum_confidence, sum_relevance)
     SELECT DATE_FORMAT(created_at, '%Y-%m-%d'), COALESCE(domain, ''), COALESCE(user_role, ''), COALESCE(department, ''), COUNT(*),
            SUM(CASE WHEN result_count > 0 THEN 1 ELSE 0 END), SUM(CASE WHEN result_count > 0 THEN avg_confidence ELSE 0 END),
            SUM(CASE WHEN result_count > 0 THEN avg_relevance ELSE 0 END)
       FROM expansion_events GROUP BY 1, 2, 3, 4`,
  );
  for (let i = 0; i < feedbackCount; i += BATCH) {
    const rows: unknown[][] = [];
    for (let j = i; j < Math.min(feedbackCount, i + BATCH); j++) {
      const k = Math.floor(rnd() * ids.length);
      const rated = rnd() < 0.6;
      const at = eventTimes[k];
      rows.push([`${ids[k]}.${j}`, ids[k], null, `rater${j}`, 0, rnd() < 0.65 ? 1 : 0, rated ? 1 + Math.floor(rnd() * 5) : null, null, sqlTime(new Date(at + Math.floor(rnd() * 86_400_000))), eventDomains[k], sqlTime(new Date(at))]);
    }
    await insertRows(ds, 'feedback', ['expansion_id', 'event_id', 'result_index', 'user_id', 'same_user', 'was_helpful', 'rating', 'comment', 'created_at', 'event_domain', 'event_created_at'], rows);
  }
  const statuses = ['active', 'active', 'active', 'pending', 'deprecated'];
  for (let i = 0; i < synonymCount; i += BATCH) {
    const rows: unknown[][] = [];
    for (let j = i; j < Math.min(synonymCount, i + BATCH); j++) {
      const usage = Math.floor(rnd() * 80);
      const helpful = Math.floor(usage * rnd());
      const now = sqlTime(new Date());
      rows.push([`term${j}`, `synonym${j}`, `term${j}`, `synonym${j}`, 'general||', domains[j % 4], 0.3 + rnd() * 0.7, 0.5, usage, helpful, usage ? helpful / usage : 0, statuses[j % statuses.length], 'manual_curation', `curator${j % 20}`, now, now, 1]);
    }
    await insertRows(ds, 'synonyms', ['term', 'synonym', 'term_normalized', 'synonym_normalized', 'scope_key', 'domain', 'confidence', 'relevance_score', 'usage_count', 'helpful_count', 'success_rate', 'status', 'source', 'created_by', 'created_at', 'updated_at', 'version'], rows);
  }
  await ds.query('ANALYZE TABLE expansion_events, feedback, synonyms, expansion_daily_stats');
  const loadSeconds = (Date.now() - started) / 1000;

  const service = new AnalyticsService(ds);
  const reportMs: number[] = [];
  const queries = [{}, { start_date: '2026-09-01T12:00:00Z', end_date: '2026-09-30T18:00:00Z' }, { domain: 'technical' }];
  await service.report({}); // warm-up: buffer pool
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      const t0 = process.hrtime.bigint();
      await service.report(q);
      reportMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  await ds.destroy();
  const sorted = [...reportMs].sort((a, b) => a - b);
  return { events, feedback: feedbackCount, synonyms: synonymCount, loadSeconds, reportMs, medianMs: sorted[Math.floor(sorted.length / 2)], windowMs };
}

if (require.main === module) {
  runAnalyticsBench({ events: arg('events', 1_000_000), feedback: arg('feedback', 100_000) })
    .then((r) => {
      process.stdout.write(`${JSON.stringify({ ...r, reportMs: r.reportMs.map((x) => Math.round(x)) }, null, 2)}\n`);
    })
    .catch((err) => {
      process.stderr.write(`${(err as Error).stack}\n`);
      process.exit(1);
    });
}
