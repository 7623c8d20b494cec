import { randomUUID } from 'node:crypto';
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
import { expand, type ExpansionRequest } from './engine';
import { ExpansionCache, type CachedExpansion } from './expansion-cache';
import { ExpansionEventEntity } from './entities/expansion-event.entity';
import { ExpansionIndexService } from './expansion-index.service';
import { ExpansionRecorder } from './expansion-recorder.service';
import { MetricsService } from '../metrics/metrics.service';
import { failSpan } from '../common/tracing/tracing';
import { TracingService } from '../common/tracing/tracing.service';
import { pairsUsed } from './pair-stats.service';

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

  expand(dto: ExpandRequestDto, caller: AuthUser): ExpandResponseDto {
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
    const { strategies, avgConfidence, avgRelevance } = computed;
    span?.setAttributes({ 'expansion.result_count': computed.results.length, 'expansion.strategies': [...strategies], 'expansion.cached': cached }).end();

    const eventId = `exp_${randomUUID().replace(/-/g, '')}`;
    // each answer gets its own result objects (their parts are shared with the cache, never changed)
    const views: ExpansionResultDto[] = computed.results.map((r, i) => ({ ...r, expansion_id: resultId(eventId, i) }));
    this.metrics.expansions.inc({ outcome: views.length > 0 ? 'results' : 'none' });
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
      resultCount: views.length,
      strategies: [...strategies],
      avgConfidence,
      avgRelevance,
      latencyMs,
      results: views.map((v, i) => ({
        expansion_id: v.expansion_id,
        expansion_type: v.expansion_type,
        confidence_score: v.confidence_score,
        relevance_score: v.relevance_score,
        synonym_ids: computed.recorded[i].synonym_ids,
        pairs: computed.recorded[i].pairs,
      })),
      createdAt: new Date(),
    });
    this.recorder.record(event);

    return {
      original_query: dto.query,
      expanded_queries: views,
      expansion_metadata: {
        total_expansions: views.length,
        strategies_used: [...strategies],
        avg_confidence: round4(avgConfidence),
        processing_time_ms: round4(latencyMs),
      },
      success: true,
      expansion_id: eventId,
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
    const results = expand(sources.index, request, { wordnet: sources.wordnet, pairStats: sources.pairStats });
    const n = results.length;
    const computed: CachedExpansion = {
      results,
      // the combined result joins alternatives of several types: each counts as used
      strategies: [...new Set(results.flatMap((r) => r.metadata.expansion_types ?? [r.expansion_type]))],
      recorded: results.map((r) => ({
        synonym_ids: r.synonyms_used.flatMap((s) => (s.synonym_id === undefined ? [] : [s.synonym_id])),
        pairs: pairsUsed(r.synonyms_used),
      })),
      avgConfidence: n > 0 ? results.reduce((s, r) => s + r.confidence_score, 0) / n : 0,
      avgRelevance: n > 0 ? results.reduce((s, r) => s + r.relevance_score, 0) / n : 0,
    };
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
