import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Tracer } from '@opentelemetry/api';
import { actingUserId } from '../auth/acting-user';
import type { AuthUser } from '../auth/auth-user';
import type { ExpandRequestDto } from './dto/expand-request.dto';
import { engineSettings } from './default-request';
import type { ExpandResponseDto, ExpansionResultDto } from './dto/expand-response.dto';
import { expand, type EngineResult } from './engine';
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

/** POST /expand: the engine over the in-memory index; the event is recorded after the answer is built. */
@Injectable()
export class ExpansionService {
  /** Defined only while tracing is on: the engine call then runs in a span (no span object otherwise). */
  private readonly tracer: Tracer | undefined;

  constructor(
    private readonly indexes: ExpansionIndexService,
    private readonly recorder: ExpansionRecorder,
    private readonly metrics: MetricsService,
    tracing: TracingService,
  ) {
    this.tracer = tracing.tracer;
  }

  expand(dto: ExpandRequestDto, caller: AuthUser): ExpandResponseDto {
    const started = process.hrtime.bigint();
    const userId = actingUserId(caller, dto.user_id);
    // the query's length, never its text: spans leave the service
    const span = this.tracer?.startSpan(ENGINE_SPAN, { attributes: { 'expansion.query_length': dto.query.length } });
    let results: EngineResult[];
    try {
      results = this.runEngine(dto);
    } catch (err) {
      if (span) failSpan(span, err);
      span?.end();
      throw err;
    }
    // the combined result joins alternatives of several types: each counts as used
    const strategies = [...new Set(results.flatMap((r) => r.metadata.expansion_types ?? [r.expansion_type]))];
    span?.setAttributes({ 'expansion.result_count': results.length, 'expansion.strategies': strategies }).end();

    const eventId = `exp_${randomUUID().replace(/-/g, '')}`;
    // the engine's results are this request's own objects: each gets its id in place, nothing is copied
    const views = results as ExpansionResultDto[];
    for (let i = 0; i < views.length; i++) views[i].expansion_id = resultId(eventId, i);
    this.metrics.expansions.inc({ outcome: results.length > 0 ? 'results' : 'none' });
    for (const s of strategies) this.metrics.expansionsByStrategy.inc({ strategy: s });
    const avgConfidence = results.length > 0 ? results.reduce((s, r) => s + r.confidence_score, 0) / results.length : 0;
    const avgRelevance = results.length > 0 ? results.reduce((s, r) => s + r.relevance_score, 0) / results.length : 0;
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
      strategies,
      avgConfidence,
      avgRelevance,
      latencyMs,
      results: views.map((v) => ({
        expansion_id: v.expansion_id,
        expansion_type: v.expansion_type,
        confidence_score: v.confidence_score,
        relevance_score: v.relevance_score,
        synonym_ids: v.synonyms_used.flatMap((s) => (s.synonym_id === undefined ? [] : [s.synonym_id])),
        pairs: pairsUsed(v.synonyms_used),
      })),
      createdAt: new Date(),
    });
    this.recorder.record(event);

    return {
      original_query: dto.query,
      expanded_queries: views,
      expansion_metadata: {
        total_expansions: views.length,
        strategies_used: strategies,
        avg_confidence: round4(avgConfidence),
        processing_time_ms: round4(latencyMs),
      },
      success: true,
      expansion_id: eventId,
    };
  }

  /** The engine over the in-memory index, with the request's settings and the service's defaults. */
  private runEngine(dto: ExpandRequestDto): EngineResult[] {
    return expand(
      this.indexes.current,
      {
        query: dto.query,
        userRole: dto.user_role,
        department: dto.department,
        domain: dto.domain,
        conversationHistory: dto.conversation_history,
        availableDocuments: dto.available_documents,
        userPreferences: dto.user_preferences,
        enabledStrategies: dto.enabled_strategies,
        ...engineSettings(dto.expansion_settings),
      },
      { wordnet: this.indexes.wordnet, pairStats: this.indexes.pairStats },
    );
  }
}
