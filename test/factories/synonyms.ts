import type { CreateSynonymDto } from '../../src/synonyms/dto/create-synonym.dto';

let counter = 0;

/** A POST /synonyms body with a fresh term and synonym; each test overrides what it is about. */
export function synonymBody(overrides: Partial<CreateSynonymDto> = {}): CreateSynonymDto {
  counter += 1;
  return { term: `term${counter}`, synonym: `synonym${counter}`, domain: 'technical', confidence: 0.8, ...overrides };
}
