import { Injectable } from '@nestjs/common';
import { actingUserId } from '../auth/acting-user';
import type { AuthUser } from '../auth/auth-user';
import { isUniqueViolation, TransactionRunner } from '../common/db/transactions';
import { ExpansionNotFoundError, FeedbackAlreadyRecordedError } from './feedback.errors';
import type { ExpansionEventEntity, RecordedResult } from '../expansion/entities/expansion-event.entity';
import { ExpansionRecorder, FLUSH_INTERVAL_MS } from '../expansion/expansion-recorder.service';
import { parseExpansionId } from '../expansion/expansion.service';
import { pairDomain, pairId, PairStatsService } from '../expansion/pair-stats.service';
import { CatalogueStore } from '../synonyms/catalogue-store';
import { SynonymsService } from '../synonyms/synonyms.service';
import type { FeedbackRequestDto } from './dto/feedback-request.dto';
import type { FeedbackResponseDto } from './dto/feedback-response.dto';
import { FeedbackEntity } from './entities/feedback.entity';

@Injectable()
export class FeedbackService {
  constructor(
    private readonly recorder: ExpansionRecorder,
    private readonly tx: TransactionRunner,
    private readonly synonyms: SynonymsService,
    private readonly catalogue: CatalogueStore,
    private readonly pairStats: PairStatsService,
  ) {}

  async record(dto: FeedbackRequestDto, caller: AuthUser): Promise<FeedbackResponseDto> {
    const userId = actingUserId(caller, dto.user_id);
    const parsed = parseExpansionId(dto.expansion_id);
    if (!parsed) throw new ExpansionNotFoundError(dto.expansion_id);
    const event = await this.findEvent(parsed.eventId);
    if (!event) throw new ExpansionNotFoundError(dto.expansion_id);
    if (parsed.resultIndex !== null && !event.results[parsed.resultIndex]) throw new ExpansionNotFoundError(dto.expansion_id);
    const rated = (index: number | null): RecordedResult[] => (index === null ? event.results : [event.results[index]].filter(Boolean));
    const covered = (index: number | null) => new Set(rated(index).flatMap((r) => r.synonym_ids));
    // Events recorded before pairs were learnt have none.
    const coveredPairs = (index: number | null) => new Map(rated(index).flatMap((r) => (r.pairs ?? []).map((p) => [pairId(p), p] as const)));

    const { feedbackId, updated, pairRows } = await this.tx.run(async (m) => {
      // A user's ratings of one expansion (the whole answer, or its results one by one) count each synonym
      // and each pair once.
      const earlier = await m.find(FeedbackEntity, { where: { eventId: event.id, userId }, select: { resultIndex: true } });
      const already = new Set(earlier.flatMap((f) => [...covered(f.resultIndex)]));
      const synonymIds = [...covered(parsed.resultIndex)].filter((id) => !already.has(id));
      const pairsAlready = new Set(earlier.flatMap((f) => [...coveredPairs(f.resultIndex).keys()]));
      const pairs = [...coveredPairs(parsed.resultIndex)].filter(([key]) => !pairsAlready.has(key)).map(([, p]) => p);
      const feedback = Object.assign(new FeedbackEntity(), {
        expansionId: dto.expansion_id,
        eventId: event.id,
        resultIndex: parsed.resultIndex,
        userId,
        sameUser: userId === event.userId,
        wasHelpful: dto.was_helpful,
        rating: dto.rating ?? null,
        comment: dto.comment ?? null,
        createdAt: new Date(),
        eventDomain: event.domain,
        eventCreatedAt: event.createdAt,
      });
      const saved = await m.save(FeedbackEntity, feedback).catch((err: unknown) => {
        if (isUniqueViolation(err)) {
          throw new FeedbackAlreadyRecordedError(dto.expansion_id);
        }
        throw err;
      });
      const pairRows = await this.pairStats.recordRatings(m, pairs, pairDomain(event.domain), dto.was_helpful);
      const updated = await this.catalogue.recordRatings(m, synonymIds, dto.was_helpful);
      return { feedbackId: saved.id, updated, pairRows };
    });
    for (const row of updated) this.synonyms.announce(row);
    this.pairStats.announce(pairRows);
    const total = updated.length + pairRows.length;
    return {
      success: true,
      message: total > 0 ? `Feedback recorded; ${total} synonym(s) updated (${updated.length} catalogue, ${pairRows.length} learnt pair(s))` : 'Feedback recorded',
      feedback_id: feedbackId,
      // Catalogue entries plus non-catalogue pairs (docs/API.md, "Feedback").
      synonyms_updated: total,
    };
  }

  /**
   * The pending batch first, so feedback can follow its expansion immediately; then the table. An expansion
   * answered by another instance reaches the table within its flush interval, so a miss is looked up once
   * more after two intervals before it becomes a 404 (docs/API.md, "Feedback").
   */
  private async findEvent(id: string): Promise<ExpansionEventEntity | null> {
    const found = await this.recorder.findEvent(id);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 2 * FLUSH_INTERVAL_MS));
    return this.recorder.findEvent(id);
  }
}
