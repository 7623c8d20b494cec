/**
 * Impact simulation benchmark (docs/CURATION.md, "Impact simulation"): 10,000 distinct recorded queries replayed
 * over a 100k-entry catalogue and over the overlay of a change set, as POST /admin/simulate does it in process
 * (overlay, replay at the service's defaults, lint of the change set), plus the recorded-queries SQL on SQLite.
 *
 *   npm run bench -- --simulate [--write]      (or: node -r ts-node/register/transpile-only bench/simulate.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqlTime } from '../src/common/db/sql';
import { alternativesAtDefaults } from '../src/expansion/default-request';
import { defaultThesaurus, ExpansionIndex, IndexOverlay, warmEngine, WordNetIndex, type CatalogueEntry, type OverlayChanges } from '../src/expansion/engine';
import { DEFAULT_BROAD_SHARE, lintCatalogue, type LintEntry } from '../src/impact/lint/rule-lint';
import { replay, type ReplayQuery } from '../src/impact/replay';
import { catalogue, makeQueries, makeVocab } from './engine';
import { prng } from './prng';

export interface SimulateBenchCase {
  name: string;
  changes: number;
  queriesReplayed: number;
  queriesChanged: number;
  /** queries whose words touch the change set, expanded twice */
  queriesExpanded: number;
  /** median and max of the runs, in ms: overlay + replay + lint, in process */
  medianMs: number;
  maxMs: number;
  replayMs: number;
  lintMs: number;
}

export interface SimulateBenchResult {
  entries: number;
  queries: number;
  events: number;
  sqlMs: number;
  cases: SimulateBenchCase[];
  runs: number;
}

const ENTRIES = 100_000;
const QUERIES = 10_000;
const RUNS = 5;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The recorded-queries statement of ExpansionRecorder.topQueriesSince, on SQLite, over `events` rows. */
function measureSql(queries: ReplayQuery[], events: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'qes-sim-'));
  try {
    const db = new Database(join(dir, 'events.sqlite'));
    db.exec('CREATE TABLE expansion_events (id varchar PRIMARY KEY, user_id varchar, user_role varchar, department varchar, domain varchar, query text, created_at datetime)');
    db.exec('CREATE INDEX IDX_events_created_user ON expansion_events (created_at, user_id)');
    const insert = db.prepare('INSERT INTO expansion_events VALUES (?, ?, ?, ?, ?, ?, ?)');
    const rand = prng(11);
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < events; i++) {
        // Zipf-like: the first queries are asked far more often
        const q = queries[Math.min(queries.length - 1, Math.floor(queries.length * rand() ** 3))];
        insert.run(`e${i}`, `u${i % 500}`, q.userRole, q.department, q.domain, q.query, sqlTime(new Date(now - rand() * 7 * 86_400_000)));
      }
    })();
    const statement = db.prepare(
      'SELECT query, domain, user_role, department, COUNT(*) AS n FROM expansion_events WHERE created_at >= ? GROUP BY query, domain, user_role, department ORDER BY n DESC, query ASC LIMIT ?',
    );
    const since = sqlTime(new Date(now - 7 * 86_400_000));
    statement.all(since, QUERIES);
    const times: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = process.hrtime.bigint();
      statement.all(since, QUERIES);
      times.push(ms(t0));
    }
    db.close();
    return Math.round(median(times));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runSimulateBench(log: (line: string) => void = () => undefined): SimulateBenchResult {
  warmEngine();
  log('loading WordNet (the service loads it by default)...');
  const wordnet = WordNetIndex.load();
  const vocab = makeVocab(prng(7), 30_000);
  const entries: CatalogueEntry[] = [...catalogue(ENTRIES, vocab, 42)];
  const live = ExpansionIndex.build(entries);
  const queries: ReplayQuery[] = makeQueries(QUERIES, ENTRIES, vocab, 7 + ENTRIES).map((q, i) => ({
    query: q.query,
    domain: q.domain ?? null,
    userRole: q.userRole ?? null,
    department: null,
    count: Math.max(1, Math.round(1000 / (i + 1))),
  }));
  const rand = prng(3);
  const pick = () => entries[Math.floor(rand() * entries.length)];
  // terms that the recorded queries use, so the change set touches real traffic
  const termsInQueries = entries.filter((_, i) => i % 20 === 0).slice(0, 200);
  const typical: OverlayChanges = {
    upserts: [
      ...termsInQueries.slice(0, 4).map((e, i) => ({ ...e, id: -(i + 1), synonym: `${e.synonym} alt${i}`, confidence: 0.95 })),
      ...[pick(), pick(), pick()].map((e) => ({ ...e, confidence: 0.55 })),
    ],
    removals: [pick().id, pick().id, termsInQueries[5].id],
  };
  // every query contains a filler word: a change set with entries for them makes every query replay twice
  const worst: OverlayChanges = {
    upserts: ['the', 'for', 'with', 'our', 'new', 'how', 'to', 'in', 'of', 'and', 'on', 'from', 'about', 'latest', 'show', 'me', 'find', 'all', 'what', 'is', 'when', 'are', 'my', 'please'].map((w, i) => ({
      id: -(i + 1),
      term: w,
      synonym: `${w} variant`,
      domain: null,
      confidence: 0.9,
      userRole: null,
      department: null,
      context: null,
      tags: [],
    })),
    removals: [],
  };
  const resources = { wordnet };
  const thesaurus = defaultThesaurus();
  const cases: SimulateBenchCase[] = [];
  for (const [name, changes] of [['10 changes (4 created, 3 updated, 3 deleted) on terms of the recorded queries', typical], ['worst case: 24 entries for words in every query', worst]] as const) {
    const totals: number[] = [];
    let replayMs = 0;
    let lintMs = 0;
    let last: ReturnType<typeof replay> | undefined;
    let expanded = 0;
    for (let r = 0; r < RUNS; r++) {
      const t0 = process.hrtime.bigint();
      const overlay = new IndexOverlay(live, changes);
      last = replay(queries, live, overlay, (view, q) => alternativesAtDefaults(view, q, resources));
      const t1 = process.hrtime.bigint();
      // the lint of the change set, as ImpactService builds it: the live entries, the changed ones marked
      const changed = new Set([...changes.removals, ...changes.upserts.map((e) => e.id)]);
      const lintEntries: LintEntry[] = [];
      for (const e of live.entries()) if (!changed.has(e.id)) lintEntries.push({ id: e.id, term: e.term, synonym: e.synonym, userRole: e.userRole, department: e.department });
      changes.upserts.forEach((e, i) => lintEntries.push({ id: e.id, term: e.term, synonym: e.synonym, userRole: e.userRole, department: e.department, change: i }));
      lintCatalogue({ entries: lintEntries, rejected: [], queries, broadShare: DEFAULT_BROAD_SHARE, lexicons: live.lexicons, thesaurus, changesOnly: true });
      totals.push(ms(t0));
      replayMs += Number(t1 - t0) / 1e6;
      lintMs += ms(t1);
      expanded = queries.filter((q) => overlay.mayChange(q.query)).length;
    }
    cases.push({
      name,
      changes: changes.upserts.length + changes.removals.length,
      queriesReplayed: last!.queries_replayed,
      queriesChanged: last!.queries_changed,
      queriesExpanded: expanded,
      medianMs: Math.round(median(totals)),
      maxMs: Math.round(Math.max(...totals)),
      replayMs: Math.round(replayMs / RUNS),
      lintMs: Math.round(lintMs / RUNS),
    });
    log(`${name}: median ${cases[cases.length - 1].medianMs} ms`);
  }
  const events = 200_000;
  log(`recorded-queries SQL over ${events} events (SQLite)...`);
  const sqlMs = measureSql(queries, events);
  return { entries: ENTRIES, queries: QUERIES, events, sqlMs, cases, runs: RUNS };
}

export function simulateToMarkdown(r: SimulateBenchResult): string {
  const rows = r.cases.map(
    (c) =>
      `| ${c.name} | ${c.queriesReplayed.toLocaleString('en-US')} | ${c.queriesExpanded.toLocaleString('en-US')} | ${c.queriesChanged.toLocaleString('en-US')} | ${c.replayMs} | ${c.lintMs} | ${c.medianMs} | ${c.maxMs} | ${c.medianMs + r.sqlMs < 2000 ? 'yes' : '**no**'} |`,
  );
  return [
    '| change set | queries replayed | expanded twice | changed | replay (ms) | lint (ms) | median total (ms) | max (ms) | < 2 s with the SQL |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Recorded-queries SQL (\`ExpansionRecorder.topQueriesSince\`: GROUP BY over ${r.events.toLocaleString('en-US')} events of the last 7 days, ${r.queries.toLocaleString('en-US')} distinct queries, SQLite): ${r.sqlMs} ms.`,
  ].join('\n');
}

if (require.main === module) {
  const result = runSimulateBench((line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${simulateToMarkdown(result)}\n`);
}
