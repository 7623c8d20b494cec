import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Counter } from 'prom-client';
import type { RootConfig } from '../config';
import type { Tracer } from '@opentelemetry/api';
import { actingUserId } from '../auth/acting-user';
import type { AuthUser } from '../auth/auth-user';
import type { ExpandRequestDto } from './dto/expand-request.dto';
import { engineSettings } from './default-request';
import type { ExpandResponseDto, ExpansionResultDto } from './dto/expand-response.dto';
import { expand, type EngineResult, type ExpansionRequest } from './engine';
import { ExpansionCache, type CachedExpansion } from './expansion-cache';
import { ExpansionEventEntity } from './entities/expansion-event.entity';
import { ExpansionIndexService } from './expansion-index.service';
import { ExpansionRecorder } from './expansion-recorder.service';
import { MetricsService } from '../metrics/metrics.service';
import { failSpan } from '../common/tracing/tracing';
import { TracingService } from '../common/tracing/tracing.service';
import { pairsUsed } from './pair-stats.service';
import { timeOrderedHex } from '../common/db/time-ordered-id';

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The span around the engine call (attributes: query length, result count, strategies used). */
export const ENGINE_SPAN = 'expansion.engine';

/** Result ids are "<response id>.<n>", so feedback on a result finds its response (docs/API.md). */
export function resultId(eventId: string, index: number): string {
  return `${eventId}.${index + 1}`;
}

/** Parses an expansion id; only the canonical spelling is accepted ("exp_….3", never "exp_….03"). */
export function parseExpansionId(id: string): { eventId: string; resultIndex: number | null } | undefined {
  const m = /^(exp_[0-9a-f]{32})(?:\.([1-9]\d{0,2}))?$/.exec(id);
  if (!m) return undefined;
  return { eventId: m[1], resultIndex: m[2] === undefined ? null : Number(m[2]) - 1 };
}

/** One answered expansion: what both forms of the response are made of. */
export interface Answer {
  eventId: string;
  computed: CachedExpansion;
  metadata: ExpandResponseDto['expansion_metadata'];
}

/** The response as an object: each answer gets its own result objects (their parts are shared with the cache, never changed). */
export function answerObject(query: string, { eventId, computed, metadata }: Answer): ExpandResponseDto {
  return {
    original_query: query,
    expanded_queries: computed.results.map((r, i): ExpansionResultDto => ({ ...r, expansion_id: resultId(eventId, i) })),
    expansion_metadata: metadata,
    success: true,
    expansion_id: eventId,
  };
}

/**
 * JSON.stringify(answerObject(...)), made without serialising the results again: each result's JSON is made
 * once per cached expansion (CachedExpansion.json) and only its id is added per answer.
 */
export function answerJson(query: string, { eventId, computed, metadata }: Answer): string {
  let results = '';
  computed.json.forEach((open, i) => {
    results += `${i > 0 ? ',' : ''}${open},"expansion_id":${JSON.stringify(resultId(eventId, i))}}`;
  });
  return `{"original_query":${JSON.stringify(query)},"expanded_queries":[${results}],"expansion_metadata":${JSON.stringify(metadata)},"success":true,"expansion_id":${JSON.stringify(eventId)}}`;
}

/** What the service keeps of the engine's results (and caches): strategies, recorded pairs, averages, JSON. */
export function cachedExpansion(results: EngineResult[]): CachedExpansion {
  const n = results.length;
  return {
    results,
    // the combined result joins alternatives of several types: each counts as used
    strategies: [...new Set(results.flatMap((r) => r.metadata.expansion_types ?? [r.expansion_type]))],
    recorded: results.map((r) => ({
      synonym_ids: r.synonyms_used.flatMap((s) => (s.synonym_id === undefined ? [] : [s.synonym_id])),
      pairs: pairsUsed(r.synonyms_used),
    })),
    avgConfidence: n > 0 ? results.reduce((s, r) => s + r.confidence_score, 0) / n : 0,
    avgRelevance: n > 0 ? results.reduce((s, r) => s + r.relevance_score, 0) / n : 0,
    // a result's JSON without its closing brace: the answer appends the result's own id (answerJson)
    json: results.map((r) => JSON.stringify(r).slice(0, -1)),
  };
}

/** POST /expand: the engine over the in-memory index (or its cached answer); the event is recorded after the answer is built. */
@Injectable()
export class ExpansionService {
  /** Defined only while tracing is on: the engine call then runs in a span (no span object otherwise). */
  private readonly tracer: Tracer | undefined;
  private readonly cache: ExpansionCache;
  private readonly cacheHits: Counter.Internal;
  private readonly cacheMisses: Counter.Internal;

  constructor(
    private readonly indexes: ExpansionIndexService,
    private readonly recorder: ExpansionRecorder,
    private readonly metrics: MetricsService,
    tracing: TracingService,
    config: ConfigService<RootConfig, true>,
  ) {
    this.tracer = tracing.tracer;
    this.cache = new ExpansionCache(config.getOrThrow('app.expansionCacheSize', { infer: true }));
    this.cacheHits = metrics.expansionCache.labels('hit');
    this.cacheMisses = metrics.expansionCache.labels('miss');
  }

  /** The answer as an object, for a caller that amends it (a deprecated API version adds its warning). */
  expand(dto: ExpandRequestDto, caller: AuthUser): ExpandResponseDto {
    return answerObject(dto.query, this.answer(dto, caller));
  }

  /** The same answer as the JSON text res.json would write for expand()'s object, byte for byte (answerJson). */
  expandJson(dto: ExpandRequestDto, caller: AuthUser): string {
    return answerJson(dto.query, this.answer(dto, caller));
  }

  /** Computes (or takes from the cache) the expansion, records its event, and returns what either answer form is made of. */
  private answer(dto: ExpandRequestDto, caller: AuthUser): Answer {
    const started = process.hrtime.bigint();
    const userId = actingUserId(caller, dto.user_id);
    // the query's length, never its text: spans leave the service
    const span = this.tracer?.startSpan(ENGINE_SPAN, { attributes: { 'expansion.query_length': dto.query.length } });
    let computed: CachedExpansion;
    let cached: boolean;
    try {
      [computed, cached] = this.compute(dto);
    } catch (err) {
      if (span) failSpan(span, err);
      span?.end();
      throw err;
    }
    const { results, strategies, avgConfidence, avgRelevance } = computed;
    span?.setAttributes({ 'expansion.result_count': results.length, 'expansion.strategies': [...strategies], 'expansion.cached': cached }).end();

    // time-ordered: events are inserted at the end of their table's primary key (common/db/time-ordered-id.ts)
    const eventId = `exp_${timeOrderedHex()}`;
    this.metrics.expansions.inc({ outcome: results.length > 0 ? 'results' : 'none' });
    for (const s of strategies) this.metrics.expansionsByStrategy.inc({ strategy: s });
    const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;

    const event = new ExpansionEventEntity();
    Object.assign(event, {
      id: eventId,
      userId,
      userRole: dto.user_role ?? null,
      department: dto.department ?? null,
      domain: dto.domain ?? null,
      sessionId: dto.session_id ?? null,
      query: dto.query,
      resultCount: results.length,
      strategies: [...strategies],
      avgConfidence,
      avgRelevance,
      latencyMs,
      results: results.map((r, i) => ({
        expansion_id: resultId(eventId, i),
        expansion_type: r.expansion_type,
        confidence_score: r.confidence_score,
        relevance_score: r.relevance_score,
        synonym_ids: computed.recorded[i].synonym_ids,
        pairs: computed.recorded[i].pairs,
      })),
      createdAt: new Date(),
    });
    this.recorder.record(event);

    return {
      eventId,
      computed,
      metadata: {
        total_expansions: results.length,
        strategies_used: [...strategies],
        avg_confidence: round4(avgConfidence),
        processing_time_ms: round4(latencyMs),
      },
    };
  }

  /** The request's expansion: from the cache when the same request was answered over the same index, else the engine's. */
  private compute(dto: ExpandRequestDto): [CachedExpansion, boolean] {
    const request = this.engineRequest(dto);
    const sources = { index: this.indexes.current, wordnet: this.indexes.wordnet, pairStats: this.indexes.pairStats };
    const key = this.cache.keyOf(request);
    const hit = key === undefined ? undefined : this.cache.get(key, sources);
    if (hit) {
      this.cacheHits.inc();
      return [hit, true];
    }
    this.cacheMisses.inc();
    const computed = cachedExpansion(expand(sources.index, request, { wordnet: sources.wordnet, pairStats: sources.pairStats }));
    if (key !== undefined) this.cache.set(key, computed, sources);
    return [computed, false];
  }

  /** The engine request for this expand request: its settings with the service's defaults. */
  private engineRequest(dto: ExpandRequestDto): ExpansionRequest {
    return {
      query: dto.query,
      userRole: dto.user_role,
      department: dto.department,
      domain: dto.domain,
      conversationHistory: dto.conversation_history,
      availableDocuments: dto.available_documents,
      userPreferences: dto.user_preferences,
      enabledStrategies: dto.enabled_strategies,
      ...engineSettings(dto.expansion_settings),
    };
  }
}
