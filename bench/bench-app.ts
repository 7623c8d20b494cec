/**
 * The application as the HTTP benchmark runs it: the real AppModule (every guard, pipe, interceptor and
 * filter, configured by configureApp) on a fresh SQLite file holding a synthetic 100k-entry catalogue,
 * plus one bench-only route, POST /query-expansion/bench-constant, that goes through the same guards and
 * pipes as POST /query-expansion/expand but answers a fixed, precomputed body of the size of a typical
 * expand answer. That route exists only in BenchAppModule below, which only this file builds: a normal
 * start (src/main.ts) never mounts it.
 *
 * Run as a child process by bench/http.ts:
 *   node -r ts-node/register/transpile-only bench/bench-app.ts --serve [--entries=N] [--cache-size=N] [--no-request-scope]
 * (--no-request-scope: requests run outside the request scope, to measure what AsyncLocalStorage costs; bench only).
 * It reports {type: 'ready', ...} over IPC and stops on {type: 'close'}.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Body, Controller, HttpCode, Module, Post, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { requestScope, type RequestScope } from '../src/common/logging/request-context';
import { APP_OPTIONS, configureApp } from '../src/app.setup';
import { answerCpuReadings, answerProfileRequests } from './cpu';
import type { JwtKeys } from '../src/auth/jwt-keys';
import { signToken } from '../src/auth/token-signer';
import { ExpandRequestDto } from '../src/expansion/dto/expand-request.dto';
import { normalize } from '../src/expansion/engine';
import { ExpansionIndexService } from '../src/expansion/expansion-index.service';
import { SynonymEntity } from '../src/synonyms/entities/synonym.entity';
import { scopeKey } from '../src/synonyms/entry-preparation';
import { RateLimitGroup } from '../src/throttle/rate-limit-group.decorator';
import { prng } from './prng';
import { BUSINESS_WORDS, SYLLABLES } from './vocabulary';

export const BENCH_SECRET = 'bench-secret-of-at-least-thirty-two-characters!!';
const BENCH_KEYS: JwtKeys = { algorithm: 'HS256', verifyKey: BENCH_SECRET, signKey: BENCH_SECRET, developmentSecret: false };

/* ------------------------------------------------------------------ the bench-only constant route */

/** Holds the constant answer; set once, after start-up, to a real expand answer of typical size. */
export const constantAnswer: { body: unknown } = { body: { success: true } };

@RateLimitGroup('expansion')
@Controller('query-expansion')
export class BenchConstantController {
  /** Same body DTO as expand (so the same validation runs), same guards; no engine, no event. */
  @Post('bench-constant')
  @HttpCode(200)
  constant(@Body() _dto: ExpandRequestDto): unknown {
    return constantAnswer.body;
  }
}

@Module({ imports: [AppModule], controllers: [BenchConstantController] })
export class BenchAppModule {}

/* ------------------------------------------------------------------ synthetic catalogue and queries */



// 'config' is left to the abbreviation list of the queries.
const WORDS = BUSINESS_WORDS.filter((w) => w !== 'config');
const SYL = SYLLABLES;
const ACRONYMS = ['ML', 'API', 'SLA', 'KPI', 'CI/CD', 'SSO', 'ETL', 'SQL', 'CRM', 'ROI', 'AWS', 'QA'];
const ABBREVIATIONS = ['db', 'config', 'mgmt', 'repo', 'env', 'auth', 'dept', 'perf', 'prod', 'docs', 'admin', 'infra'];
const PLAIN = 'the for with our new how to in of and on from about latest show me find all what is when are my please'.split(' ');
const DOMAINS = ['technical', 'business', 'general', 'technical', 'finance', 'hr'];
const ROLES = ['developer', 'manager', 'analyst', 'designer'];
const DEPARTMENTS = ['Engineering', 'Sales', 'Finance', 'Marketing', 'Support'];
const SOURCES = ['manual_curation', 'ml_discovery', 'domain_expert', 'user_feedback', 'collaborative', 'external_api'] as const;

function vocabulary(rand: () => number, size: number): string[] {
  const words = new Set<string>(WORDS);
  while (words.size < size) {
    const k = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < k; i++) w += SYL[Math.floor(rand() * SYL.length)];
    words.add(w);
  }
  return [...words];
}

export interface CatalogueRow {
  term: string;
  synonym: string;
  domain: string;
  userRole: string | null;
  department: string | null;
  confidence: number;
}

/** `n` distinct active entries: real words most of the time, multi-word terms, a few scoped to a role/department. */
export function syntheticCatalogue(n: number, seed: number): CatalogueRow[] {
  const rand = prng(seed);
  const vocab = vocabulary(rand, 20_000);
  // Real words are picked more often than invented ones, as in a real catalogue.
  const pick = () => (rand() < 0.5 ? WORDS[Math.floor(rand() * WORDS.length)] : vocab[Math.floor(rand() * vocab.length)]);
  const phrase = (max: number) => {
    const k = 1 + Math.floor(rand() * max);
    const w: string[] = [];
    for (let i = 0; i < k; i++) w.push(pick());
    return w.join(' ');
  };
  const rows: CatalogueRow[] = [];
  const seen = new Set<string>();
  while (rows.length < n) {
    const term = rand() < 0.3 ? pick() : phrase(3);
    const synonym = phrase(3);
    const s = rand();
    const row: CatalogueRow = {
      term,
      synonym,
      domain: DOMAINS[Math.floor(rand() * DOMAINS.length)],
      userRole: s < 0.05 ? ROLES[Math.floor(rand() * ROLES.length)] : null,
      department: s > 0.97 ? DEPARTMENTS[Math.floor(rand() * DEPARTMENTS.length)] : null,
      confidence: Math.round((0.5 + rand() * 0.5) * 1000) / 1000,
    };
    const tn = normalize(term);
    const sn = normalize(synonym);
    const key = `${tn}\u0000${sn}\u0000${scopeKey(row.domain, row.userRole, row.department)}`;
    if (tn === sn || seen.has(key)) continue;
    seen.add(key);
    rows.push(row);
  }
  return rows;
}

/** Expand request bodies: 5-10 words mixing catalogue terms, acronyms, abbreviations and plain words. */
export function queryPool(count: number, catalogue: CatalogueRow[], seed: number): object[] {
  const rand = prng(seed);
  const out: object[] = [];
  for (let q = 0; q < count; q++) {
    const target = 5 + Math.floor(rand() * 6);
    const words: string[] = [];
    const terms = 1 + Math.floor(rand() * 2);
    for (let i = 0; i < terms; i++) words.push(...catalogue[Math.floor(rand() * catalogue.length)].term.split(' '));
    if (rand() < 0.6) words.push(ACRONYMS[Math.floor(rand() * ACRONYMS.length)]);
    if (rand() < 0.5) words.push(ABBREVIATIONS[Math.floor(rand() * ABBREVIATIONS.length)]);
    while (words.length < target) words.push(rand() < 0.5 ? PLAIN[Math.floor(rand() * PLAIN.length)] : WORDS[Math.floor(rand() * WORDS.length)]);
    // light shuffle so that the catalogue term is not always first
    for (let i = words.length - 1; i > 0; i--) {
      if (rand() < 0.3) {
        const j = Math.floor(rand() * (i + 1));
        [words[i], words[j]] = [words[j], words[i]];
      }
    }
    const body: Record<string, unknown> = { query: words.slice(0, 10).join(' ') };
    if (q % 3 === 0) body.domain = 'technical';
    if (q % 4 === 1) body.user_role = ROLES[q % ROLES.length];
    if (q % 5 === 2) body.expansion_settings = { max_expansions: 10, confidence_threshold: 0.5 };
    if (q % 7 === 3) body.conversation_history = [{ role: 'user', content: `${WORDS[q % WORDS.length]} ${WORDS[(q * 7) % WORDS.length]} issues` }];
    out.push(body);
  }
  return out;
}

/** Bulk insert in transactions of `batch` rows (one multi-row INSERT each): seconds, not minutes. */
async function populate(dataSource: DataSource, rows: CatalogueRow[], batch = 500): Promise<void> {
  // Dated in the past so the index's one-second sync (rows changed since start-up) does not re-read them.
  const at = new Date('2025-01-01T00:00:00.000Z');
  for (let i = 0; i < rows.length; i += batch * 20) {
    await dataSource.transaction(async (m) => {
      for (let j = i; j < Math.min(rows.length, i + batch * 20); j += batch) {
        const values = rows.slice(j, j + batch).map((r, k) => ({
          term: r.term,
          synonym: r.synonym,
          termNormalized: normalize(r.term),
          synonymNormalized: normalize(r.synonym),
          scopeKey: scopeKey(r.domain, r.userRole, r.department),
          domain: r.domain,
          confidence: r.confidence,
          relevanceScore: r.confidence,
          usageCount: (j + k) % 50,
          helpfulCount: 0,
          successRate: 0,
          status: 'active' as const,
          source: SOURCES[(j + k) % SOURCES.length],
          createdBy: 'bench',
          createdAt: at,
          updatedAt: at,
          tags: (j + k) % 97 === 0 ? ['bench'] : null,
          notes: null,
          context: null,
          userRole: r.userRole,
          department: r.department,
          version: 1,
        }));
        await m.createQueryBuilder().insert().into(SynonymEntity).values(values).updateEntity(false).execute();
      }
    });
  }
}

/* ------------------------------------------------------------------ start / stop */

export interface BenchAppOptions {
  entries?: number;
  queries?: number;
  seed?: number;
  port?: number;
  /** distinct users (token subjects); the HTTP bench gives each connection its own */
  users?: number;
  /** EXPANSION_CACHE_SIZE (0: every expand runs the engine); unset: the service's default */
  cacheSize?: number;
  /**
   * false: requests run outside any request scope (AsyncLocalStorage never entered, so Node never installs its
   * promise hooks), to measure what the scope costs; log lines then carry no request id. Bench only.
   */
  requestScope?: boolean;
  log?: (line: string) => void;
}

export interface BenchApp {
  app: INestApplication;
  url: string;
  /** one bearer token per bench user */
  tokens: string[];
  /** JSON request bodies for POST /query-expansion/expand. */
  bodies: string[];
  /** The constant answer, serialised: what the bare node:http server returns. */
  constantBody: string;
  /** Mean size of the expand answers to `bodies`, in bytes. */
  meanExpandBytes: number;
  /** expansion_metadata.processing_time_ms over the pool (unloaded, after one pass of warm-up: with the cache on, that pass filled it) */
  serviceTime: { meanMs: number; p99Ms: number };
  setupMs: { start: number; populate: number; index: number };
  close(): Promise<void>;
}

export async function startBenchApp(opts: BenchAppOptions = {}): Promise<BenchApp> {
  const entries = opts.entries ?? 100_000;
  const seed = opts.seed ?? 20251122;
  const log = opts.log ?? (() => undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'qes-bench-'));
  Object.assign(process.env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: BENCH_SECRET,
    DB_TYPE: 'sqlite',
    DB_PATH: join(dataDir, 'bench.sqlite'),
    DATA_DIR: dataDir,
    IMPORT_DIR: join(dataDir, 'imports'),
    EXPORT_DIR: join(dataDir, 'exports'),
    HOST: '127.0.0.1',
    // Throttling stays on (the guard runs and counts every request in the service's default 60 s window), with a
    // limit the run cannot reach; one user per connection (50 users), as real traffic would look. Each user holds
    // a few thousand live hits: the store's cost per request does not depend on that (MemoryThrottlerStorage).
    RATE_LIMIT_EXPANSION: '10000000',
    WORDNET: 'on',
  });
  delete process.env.REDIS_URL;
  if (opts.cacheSize === undefined) delete process.env.EXPANSION_CACHE_SIZE;
  else process.env.EXPANSION_CACHE_SIZE = String(opts.cacheSize);

  if (opts.requestScope === false) {
    requestScope.run = <R>(_store: RequestScope, fn: (...args: unknown[]) => R, ...args: unknown[]): R => fn(...args);
  }

  let t = Date.now();
  const app = await NestFactory.create(BenchAppModule, APP_OPTIONS);
  configureApp(app);
  await app.listen(opts.port ?? 0, '127.0.0.1');
  const start = Date.now() - t;
  const address = (app.getHttpServer() as Server).address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  log(`app started in ${start} ms on ${url}`);

  t = Date.now();
  const catalogue = syntheticCatalogue(entries, seed);
  await populate(app.get(DataSource), catalogue);
  const populateMs = Date.now() - t;
  log(`${entries} catalogue entries inserted in ${populateMs} ms`);

  t = Date.now();
  await app.get(ExpansionIndexService).rebuild();
  const indexMs = Date.now() - t;
  log(`index rebuilt in ${indexMs} ms`);

  const tokens = Array.from({ length: opts.users ?? 50 }, (_, i) =>
    signToken(BENCH_KEYS, { sub: `bench-user-${String(i + 1).padStart(2, '0')}`, roles: ['analyst'], expiresIn: 6 * 3600 }),
  );
  const token = tokens[0];
  const bodies = queryPool(opts.queries ?? 200, catalogue, seed + 1).map((b) => JSON.stringify(b));

  // The constant answer: a real expand answer, the one whose size is closest to the median of the pool.
  const answers: string[] = [];
  // Two passes: the first warms the code up, the second is kept (answers and the service's own timings).
  for (const pass of [0, 1]) {
    answers.length = 0;
    for (const body of bodies) {
      const res = await fetch(`${url}/query-expansion/expand`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`expand answered ${res.status} (pass ${pass}) to ${body}: ${text.slice(0, 300)}`);
      answers.push(text);
    }
  }
  const sizes = answers.map((a) => Buffer.byteLength(a)).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)];
  const typical = answers.reduce((best, a) => (Math.abs(Buffer.byteLength(a) - median) < Math.abs(Buffer.byteLength(best) - median) ? a : best));
  constantAnswer.body = JSON.parse(typical) as unknown;
  const meanExpandBytes = Math.round(sizes.reduce((s, x) => s + x, 0) / sizes.length);
  // The service's own time per expand (engine, ids, event), as it reports it, one request at a time.
  const serviceMs = answers
    .map((a) => (JSON.parse(a) as { expansion_metadata: { processing_time_ms: number } }).expansion_metadata.processing_time_ms)
    .sort((a, b) => a - b);
  const serviceTime = {
    meanMs: Math.round((serviceMs.reduce((s, x) => s + x, 0) / serviceMs.length) * 1000) / 1000,
    p99Ms: Math.round(serviceMs[Math.min(serviceMs.length - 1, Math.floor(serviceMs.length * 0.99))] * 1000) / 1000,
  };
  log(`expand answers: median ${median} B, mean ${meanExpandBytes} B; constant answer ${Buffer.byteLength(typical)} B`);

  return {
    app,
    url,
    tokens,
    bodies,
    constantBody: JSON.stringify(constantAnswer.body),
    meanExpandBytes,
    serviceTime,
    setupMs: { start, populate: populateMs, index: indexMs },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** IPC messages between bench/http.ts and this file run as a child process. */
export type BenchAppMessage =
  | { type: 'ready'; url: string; tokens: string[]; bodies: string[]; constantBody: string; meanExpandBytes: number; serviceTime: BenchApp['serviceTime']; setupMs: BenchApp['setupMs'] }
  | { type: 'error'; message: string };

if (require.main === module && process.argv.includes('--serve')) {
  answerCpuReadings();
  answerProfileRequests();
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const scoped = !process.argv.includes('--no-request-scope');
  const log = (line: string) => process.stderr.write(`  [app${arg('cache-size') === '0' ? ', cache off' : ''}${scoped ? '' : ', no request scope'}] ${line}\n`);
  startBenchApp({ entries: arg('entries') ? Number(arg('entries')) : undefined, cacheSize: arg('cache-size') ? Number(arg('cache-size')) : undefined, requestScope: scoped, log })
    .then((b) => {
      const ready: BenchAppMessage = {
        type: 'ready',
        url: b.url,
        tokens: b.tokens,
        bodies: b.bodies,
        constantBody: b.constantBody,
        meanExpandBytes: b.meanExpandBytes,
        serviceTime: b.serviceTime,
        setupMs: b.setupMs,
      };
      process.on('message', (m: { type?: string }) => {
        if (m?.type === 'close') {
          b.close()
            .catch((e: Error) => log(`close failed: ${e.message}`))
            .finally(() => process.exit(0));
        }
      });
      process.on('disconnect', () => void b.close().finally(() => process.exit(0)));
      process.send?.(ready);
    })
    .catch((e: Error) => {
      const msg: BenchAppMessage = { type: 'error', message: e.stack ?? e.message };
      if (process.send) process.send(msg, () => process.exit(1));
      else {
        process.stderr.write(`${msg.message}\n`);
        process.exit(1);
      }
    });
}
