import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TransactionRunner } from '../common/db/transactions';
import { ValidationError } from '../common/errors';
import type { RootConfig } from '../config';
import { ExpansionRecorder, type SessionEventCursor } from '../expansion/expansion-recorder.service';
import { PairStatsService } from '../expansion/pair-stats.service';
import { CatalogueStore } from '../synonyms/catalogue-store';
import { DuplicateSynonymError } from '../synonyms/synonym.errors';
import { SynonymsService } from '../synonyms/synonyms.service';
import type { DiscoveryRunDto } from './dto/discovery.dto';
import type { SuggestionEvidenceEntity } from './entities/suggestion-evidence.entity';
import { JobLeases } from './job-leases.service';
import { tokenize } from '../expansion/engine/normalize';
import { clearlyHelpful, clearlyUnhelpful, isSpellingChange, mainDomain, MIN_RATINGS, ReformulationMiner, reformulationScore, round3, wilsonLower, type PairEvidence } from './mining';
import { SuggestionsService } from './suggestions.service';

/** The lease's name in job_leases, and how long a run may hold it before another instance may take over. */
const LEASE = 'discovery';
const LEASE_MS = 15 * 60_000;
/** Rows read per statement. */
const BATCH = 1000;
/** Batches of events between renewals of the lease during the scan. */
const RENEW_EVERY = 20;
/** Who creates, and moves, entries in the catalogue and its audit log. */
export const DISCOVERY_USER = 'discovery';
export const DISCOVERED_TAG = 'discovered';

type Evidence = Omit<SuggestionEvidenceEntity, 'synonymId' | 'createdAt'>;

interface Candidate {
  source: 'ml_discovery' | 'user_feedback';
  term: string;
  synonym: string;
  domain: string;
  score: number;
  summary: string;
  evidence: Evidence;
}

const pairKey = (term: string, synonym: string) => `${term}\u0001${synonym}`;

function emptyRun(ran: boolean, reason: string | null): DiscoveryRunDto {
  return {
    ran,
    reason,
    sessions_scanned: 0,
    events_scanned: 0,
    candidates: 0,
    created: 0,
    created_by_source: { ml_discovery: 0, user_feedback: 0 },
    moved_to_review: 0,
    skipped: { too_few_users: 0, in_catalogue: 0, rejected: 0, proposed_before: 0, duplicate: 0, invalid: 0 },
    duration_ms: 0,
  };
}

/**
 * The discovery job (docs/CURATION.md, "Discovery"): mines session reformulations and ratings, writes pending
 * entries tagged "discovered" through the catalogue's add operation with their evidence, and moves entries with
 * clearly negative ratings to under_review. One run at a time across instances (JobLeases); on a schedule
 * (DISCOVERY_INTERVAL_MINUTES) and on POST /admin/discovery/run.
 */
@Injectable()
export class DiscoveryService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly log = new Logger('Discovery');
  private current?: Promise<DiscoveryRunDto>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: ConfigService<RootConfig, true>,
    private readonly leases: JobLeases,
    private readonly recorder: ExpansionRecorder,
    private readonly pairStats: PairStatsService,
    private readonly catalogue: CatalogueStore,
    private readonly synonyms: SynonymsService,
    private readonly suggestions: SuggestionsService,
    private readonly tx: TransactionRunner,
  ) {}

  onModuleInit(): void {
    const { intervalMinutes } = this.config.getOrThrow('discovery', { infer: true });
    if (intervalMinutes <= 0) return;
    this.timer = setInterval(() => void this.scheduled(), intervalMinutes * 60_000);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    // a run under way stops at its next batch, with what it has done
    this.stopping = true;
    await this.current?.catch(() => undefined);
  }

  private stopping = false;

  /** One run, unless one is under way here or on another instance (then `ran: false`, docs/API.md "Discovery"). */
  run(): Promise<DiscoveryRunDto> {
    if (this.current) return Promise.resolve(emptyRun(false, 'a discovery run is under way on this instance'));
    this.current = this.runLeased().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  private async scheduled(): Promise<void> {
    try {
      const r = await this.run();
      if (r.ran) this.log.log({ created: r.created, moved_to_review: r.moved_to_review, candidates: r.candidates }, 'Scheduled discovery run done');
    } catch (err) {
      this.log.error({ err: (err as Error).message }, 'Scheduled discovery run failed');
    }
  }

  private async runLeased(): Promise<DiscoveryRunDto> {
    if (!(await this.leases.acquire(LEASE, LEASE_MS))) return emptyRun(false, 'another instance holds the discovery lease');
    try {
      return await this.discover();
    } finally {
      await this.leases.release(LEASE);
    }
  }

  private async discover(): Promise<DiscoveryRunDto> {
    const started = Date.now();
    const result = emptyRun(true, null);
    const { minUsers } = this.config.getOrThrow('discovery', { infer: true });
    // events still in the recorder's batch belong to the sessions too
    await this.recorder.flush();
    const miner = await this.mineSessions();
    if (!miner) return this.stopped(result, started);
    result.sessions_scanned = miner.sessionsScanned;
    result.events_scanned = miner.eventsScanned;
    const candidates: Candidate[] = [];
    for (const p of [...miner.pairs.values()].sort((a, b) => b.users.size - a.users.size || b.reformulations - a.reformulations)) {
      result.candidates++;
      if (p.users.size < minUsers) result.skipped.too_few_users++;
      else candidates.push(this.fromReformulations(p, minUsers));
    }
    if (!(await this.leases.acquire(LEASE, LEASE_MS))) return this.stopped(result, started);
    candidates.push(...(await this.fromRatings()));
    result.candidates += candidates.filter((c) => c.source === 'user_feedback').length;
    await this.propose(candidates, result);
    if (!(await this.leases.acquire(LEASE, LEASE_MS))) return this.stopped(result, started);
    await this.reviewNegative(result);
    result.duration_ms = Date.now() - started;
    return result;
  }

  /** Shutting down, or the lease expired and another instance took it (a run longer than the lease): stop, with what was done. */
  private stopped(result: DiscoveryRunDto, started: number): DiscoveryRunDto {
    const reason = this.stopping ? 'stopped early: the service is shutting down' : 'stopped early: the lease expired and another instance took it';
    this.log.warn(`Discovery ${reason}`);
    return { ...result, reason, duration_ms: Date.now() - started };
  }

  /** The sessions' reformulations; undefined when the run must stop (shutting down, or the lease was lost). */
  private async mineSessions(): Promise<ReformulationMiner | undefined> {
    const { windowSeconds, lookbackDays } = this.config.getOrThrow('discovery', { infer: true });
    const miner = new ReformulationMiner(windowSeconds * 1000);
    const since = new Date(Date.now() - lookbackDays * 86_400_000);
    let cursor: SessionEventCursor | undefined;
    for (let n = 1; ; n++) {
      const batch = await this.recorder.findSessionEventsAfter(since, cursor, BATCH);
      for (const e of batch) miner.add(e);
      if (batch.length < BATCH) return miner;
      cursor = batch[batch.length - 1];
      if (this.stopping) return undefined;
      // a long scan keeps its lease (renewed every RENEW_EVERY batches), or stops when another instance took it
      if (n % RENEW_EVERY === 0 && !(await this.leases.acquire(LEASE, LEASE_MS))) return undefined;
    }
  }

  private fromReformulations(p: PairEvidence, minUsers: number): Candidate {
    const score = reformulationScore(p.users.size, minUsers);
    const example = p.examples[0];
    return {
      source: 'ml_discovery',
      term: p.term,
      synonym: p.synonym,
      domain: mainDomain(p.domains),
      score,
      summary: `session reformulations: ${p.users.size} users, ${p.sessions.size} sessions, ${p.reformulations} reformulations (e.g. "${example.before}" -> "${example.after}")`,
      evidence: {
        kind: 'reformulation',
        termNormalized: p.term,
        synonymNormalized: p.synonym,
        domain: mainDomain(p.domains),
        distinctUsers: p.users.size,
        distinctSessions: p.sessions.size,
        reformulationCount: p.reformulations,
        helpfulCount: 0,
        unhelpfulCount: 0,
        exampleQueries: p.examples,
        score,
        firstSeen: p.firstSeen,
        lastSeen: p.lastSeen,
      },
    };
  }

  /** Lexicon, thesaurus and WordNet pairs whose ratings are clearly positive (mining.ts, clearlyHelpful). */
  private async fromRatings(): Promise<Candidate[]> {
    const out: Candidate[] = [];
    for (let after = 0; ; ) {
      const batch = await this.pairStats.findRatedAtLeast(MIN_RATINGS, after, BATCH);
      for (const r of batch) {
        if (!clearlyHelpful(r.helpfulCount, r.usageCount)) continue;
        // spellings (closed compounds, British/American) and number formats are rules of their own, not synonyms
        if (isSpellingChange(tokenize(r.term), tokenize(r.alternative)) || /\d/.test(r.term) || /\d/.test(r.alternative)) continue;
        const score = round3(wilsonLower(r.helpfulCount, r.usageCount));
        const domain = r.domain === '' ? 'general' : r.domain;
        out.push({
          source: 'user_feedback',
          term: r.term,
          synonym: r.alternative,
          domain,
          score,
          summary: `ratings: ${r.helpfulCount} of ${r.usageCount} helpful (lower Wilson bound ${score})`,
          evidence: {
            kind: 'ratings',
            termNormalized: r.term,
            synonymNormalized: r.alternative,
            domain,
            distinctUsers: 0,
            distinctSessions: 0,
            reformulationCount: 0,
            helpfulCount: r.helpfulCount,
            unhelpfulCount: r.usageCount - r.helpfulCount,
            exampleQueries: [],
            score,
            firstSeen: null,
            lastSeen: r.updatedAt,
          },
        });
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }
    return out.sort((a, b) => b.score - a.score || b.evidence.helpfulCount - a.evidence.helpfulCount);
  }

  /** Writes each candidate the catalogue does not hold as a pending entry with its evidence, or counts why not. */
  private async propose(candidates: Candidate[], result: DiscoveryRunDto): Promise<void> {
    const statuses = await this.catalogue.findStatusesOfPairs(candidates);
    const proposed = await this.suggestions.findProposedPairs(candidates);
    const seen = new Set<string>();
    for (const c of candidates) {
      const key = pairKey(c.term, c.synonym);
      const stored = statuses.get(key) ?? [];
      if (seen.has(key) || seen.has(pairKey(c.synonym, c.term))) result.skipped.duplicate++;
      else if (stored.includes('rejected')) result.skipped.rejected++;
      else if (stored.length > 0) result.skipped.in_catalogue++;
      else if (proposed.has(key)) result.skipped.proposed_before++;
      else {
        seen.add(key);
        await this.create(c, result);
      }
    }
  }

  private async create(c: Candidate, result: DiscoveryRunDto): Promise<void> {
    try {
      const entry = await this.tx.run(async (m) => {
        const saved = await this.synonyms.add(
          { term: c.term, synonym: c.synonym, domain: c.domain, confidence: c.score, tags: [DISCOVERED_TAG], notes: `Discovered from ${c.summary}`, source: c.source, status: 'pending', reason: `discovery: ${c.summary}` },
          DISCOVERY_USER,
          m,
        );
        await this.suggestions.keep(m, { ...c.evidence, synonymId: saved.id, createdAt: new Date() });
        return saved;
      });
      this.synonyms.announce(entry);
      result.created++;
      result.created_by_source[c.source]++;
    } catch (err) {
      if (err instanceof DuplicateSynonymError) result.skipped.in_catalogue++;
      else if (err instanceof ValidationError) result.skipped.invalid++;
      else throw err;
    }
  }

  /** Active or deprecated entries whose ratings are clearly negative move to under_review, with their evidence; never deleted. */
  private async reviewNegative(result: DiscoveryRunDto): Promise<void> {
    for (let after = 0; ; ) {
      const batch = await this.catalogue.findRatedAtLeast(['active', 'deprecated'], MIN_RATINGS, after, BATCH);
      const negative = batch.filter((e) => clearlyUnhelpful(e.helpfulCount, e.usageCount));
      const kinds = await this.suggestions.findKinds(negative.map((e) => e.id));
      for (const e of negative) {
        result.candidates++;
        if (kinds.get(e.id) === 'negative_ratings') {
          result.skipped.proposed_before++;
          continue;
        }
        const unhelpful = e.usageCount - e.helpfulCount;
        const score = round3(wilsonLower(unhelpful, e.usageCount));
        const summary = `ratings: ${unhelpful} of ${e.usageCount} unhelpful (lower Wilson bound ${score})`;
        const moved = await this.tx.run(async (m) => {
          const next = await this.synonyms.moveToReview(m, e.id, DISCOVERY_USER, `discovery: ${summary}`);
          if (next) {
            await this.suggestions.keep(m, {
              synonymId: e.id,
              kind: 'negative_ratings',
              termNormalized: e.termNormalized,
              synonymNormalized: e.synonymNormalized,
              domain: e.domain,
              distinctUsers: 0,
              distinctSessions: 0,
              reformulationCount: 0,
              helpfulCount: e.helpfulCount,
              unhelpfulCount: unhelpful,
              exampleQueries: [],
              score,
              firstSeen: null,
              lastSeen: e.updatedAt,
              createdAt: new Date(),
            });
          }
          return next;
        });
        if (moved) {
          this.synonyms.announce(moved);
          result.moved_to_review++;
        } else {
          // changed by a curator since it was read
          result.skipped.in_catalogue++;
        }
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }
  }
}
