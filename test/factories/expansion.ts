import { randomBytes } from 'node:crypto';
import type { ExpandRequestDto } from '../../src/expansion/dto/expand-request.dto';
import { ExpansionEventEntity } from '../../src/expansion/entities/expansion-event.entity';
import type { FeedbackEntity } from '../../src/feedback/entities/feedback.entity';

/** A POST /expand body; the query defaults to one the lexicons expand ("ML deployment"). */
export function expansionRequest(overrides: Partial<ExpandRequestDto> = {}): ExpandRequestDto {
  return { query: 'ML deployment', ...overrides };
}

/**
 * A recorded expansion (an expansion_events row), as the recorder stores it: a fresh exp_ id, now, no scope,
 * no results unless the test says otherwise.
 */
export function expansionEvent(overrides: Partial<ExpansionEventEntity> = {}): ExpansionEventEntity {
  return Object.assign(new ExpansionEventEntity(), {
    id: `exp_${randomBytes(16).toString('hex')}`,
    createdAt: new Date(),
    userId: 'uma',
    userRole: null,
    department: null,
    domain: null,
    sessionId: null,
    query: 'q',
    resultCount: 0,
    strategies: [],
    avgConfidence: 0,
    avgRelevance: 0,
    latencyMs: 1,
    results: [],
    ...overrides,
  });
}

/** What a rating says; the rest of its feedback row follows from the event it rates. */
export type RatingFields = Pick<FeedbackEntity, 'userId' | 'wasHelpful'> & Partial<Pick<FeedbackEntity, 'resultIndex' | 'rating' | 'comment' | 'createdAt'>>;

/**
 * A feedback row rating `event`: the whole response (resultIndex null, the default) or one result (0-based index,
 * rated as "<event id>.<index + 1>"); sameUser, eventDomain and eventCreatedAt follow from the event.
 */
export function feedbackRow(event: ExpansionEventEntity, rating: RatingFields): Omit<FeedbackEntity, 'id'> {
  const resultIndex = rating.resultIndex ?? null;
  return {
    expansionId: resultIndex === null ? event.id : `${event.id}.${resultIndex + 1}`,
    eventId: event.id,
    resultIndex,
    userId: rating.userId,
    sameUser: rating.userId === event.userId,
    wasHelpful: rating.wasHelpful,
    rating: rating.rating ?? null,
    comment: rating.comment ?? null,
    createdAt: rating.createdAt ?? new Date(),
    eventDomain: event.domain,
    eventCreatedAt: event.createdAt,
  };
}
