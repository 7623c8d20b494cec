import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { actingUserId } from '../auth/acting-user';
import type { AuthUser } from '../auth/auth-user';
import { isUniqueViolation, TransactionRunner } from '../common/db/transactions';
import { ConflictError, NotFoundError } from '../common/errors';
import { ExpansionEventEntity } from '../expansion/entities/expansion-event.entity';
import { ExpansionRecorder } from '../expansion/expansion-recorder.service';
import { parseExpansionId } from '../expansion/expansion.service';
import { SynonymEntity } from '../synonyms/entities/synonym.entity';
import { PRIOR_WEIGHT } from '../synonyms/learnt-confidence';
import { SynonymsService } from '../synonyms/synonyms.service';
import type { FeedbackRequestDto } from './dto/feedback-request.dto';
import { FeedbackEntity } from './entities/feedback.entity';

export interface FeedbackResult {
  success: true;
  message: string;
  feedback_id: number;
  synonyms_updated: number;
}

@Injectable()
export class FeedbackService {
  constructor(
    @InjectRepository(ExpansionEventEntity) private readonly events: Repository<ExpansionEventEntity>,
    private readonly recorder: ExpansionRecorder,
    private readonly tx: TransactionRunner,
    private readonly synonyms: SynonymsService,
  ) {}

  async record(dto: FeedbackRequestDto, caller: AuthUser): Promise<FeedbackResult> {
    const userId = actingUserId(caller, dto.user_id);
    const parsed = parseExpansionId(dto.expansion_id);
    if (!parsed) throw this.notFound(dto.expansion_id);
    const event = await this.findEvent(parsed.eventId);
    if (!event) throw this.notFound(dto.expansion_id);
    const results = parsed.resultIndex === null ? event.results : [event.results[parsed.resultIndex]].filter(Boolean);
    if (results.length === 0 && parsed.resultIndex !== null) throw this.notFound(dto.expansion_id);
    const synonymIds = [...new Set(results.flatMap((r) => r.synonym_ids))];

    const { feedbackId, updated } = await this.tx.run(async (m) => {
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
          throw new ConflictError('FEEDBACK_ALREADY_RECORDED', `You already rated ${dto.expansion_id}`, {
            field: 'expansion_id',
            expected_type: 'an expansion you have not rated yet',
            provided_value: dto.expansion_id,
          });
        }
        throw err;
      });
      if (synonymIds.length === 0) return { feedbackId: saved.id, updated: [] as SynonymEntity[] };
      // Counts first, then the rates from the new counts: each statement reads only columns it does not
      // write, so SQLite and MySQL (which applies SET left to right) agree, and concurrent ratings add up.
      const helpful = dto.was_helpful ? 1 : 0;
      await m
        .createQueryBuilder()
        .update(SynonymEntity)
        .set({ usageCount: () => 'usage_count + 1', helpfulCount: () => `helpful_count + ${helpful}`, updatedAt: new Date() })
        .where({ id: In(synonymIds) })
        .execute();
      await m
        .createQueryBuilder()
        .update(SynonymEntity)
        .set({
          successRate: () => 'helpful_count * 1.0 / usage_count',
          relevanceScore: () => `(${PRIOR_WEIGHT} * confidence + helpful_count) / (${PRIOR_WEIGHT} + usage_count)`,
        })
        .where({ id: In(synonymIds) })
        .execute();
      const rows = await m.findBy(SynonymEntity, { id: In(synonymIds) });
      return { feedbackId: saved.id, updated: rows };
    });
    for (const row of updated) this.synonyms.announce(row);
    return {
      success: true,
      message: synonymIds.length > 0 ? `Feedback recorded; ${updated.length} synonym(s) updated` : 'Feedback recorded',
      feedback_id: feedbackId,
      synonyms_updated: updated.length,
    };
  }

  /** The pending batch first, so feedback can follow its expansion immediately. */
  private async findEvent(id: string): Promise<ExpansionEventEntity | null> {
    return this.recorder.findPending(id) ?? (await this.events.findOneBy({ id }));
  }

  private notFound(id: string): NotFoundError {
    return new NotFoundError('EXPANSION_NOT_FOUND', `No expansion with id ${id}`, { field: 'expansion_id', expected_type: 'an expansion_id from POST /query-expansion/expand', provided_value: id });
  }
}
