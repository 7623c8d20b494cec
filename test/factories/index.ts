/** Request bodies with sensible defaults; each test overrides what it is about. */
let counter = 0;

export function synonymBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return { term: `term${counter}`, synonym: `synonym${counter}`, domain: 'technical', confidence: 0.8, ...overrides };
}
