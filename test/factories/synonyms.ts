import type { CreateSynonymDto } from '../../src/synonyms/dto/create-synonym.dto';
import type { SynonymEntity } from '../../src/synonyms/entities/synonym.entity';
import { prepareEntry } from '../../src/synonyms/entry-preparation';

let counter = 0;

/** A POST /synonyms body with a fresh term and synonym; each test overrides what it is about. */
export function synonymBody(overrides: Partial<CreateSynonymDto> = {}): CreateSynonymDto {
  counter += 1;
  return { term: `term${counter}`, synonym: `synonym${counter}`, domain: 'technical', confidence: 0.8, ...overrides };
}

/**
 * A synonyms row as the service stores it (normalised sides, scope key), for inserting many at once straight into
 * the table: a fresh pair, pending, proposed by "uma", version 1, unless `overrides` say otherwise.
 */
export function synonymRow(overrides: Partial<SynonymEntity> = {}): Omit<SynonymEntity, 'id'> {
  const body = synonymBody();
  const now = new Date();
  return {
    ...prepareEntry(body),
    relevanceScore: body.confidence ?? 0.8,
    usageCount: 0,
    helpfulCount: 0,
    successRate: 0,
    status: 'pending',
    source: 'collaborative',
    createdBy: 'uma',
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...overrides,
  };
}
