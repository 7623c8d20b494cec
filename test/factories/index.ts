/** Request bodies and table rows with sensible defaults; each test overrides what it is about. */
export { expansionEvent, expansionRequest, feedbackRow } from './expansion';
export { synonymBody, synonymRow } from './synonyms';
