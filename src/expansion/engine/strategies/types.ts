import type { Candidate } from '../candidates';
import type { SourceName } from '../sources';

/** A strategy names the sources it needs and which of their candidates it explains. */
export interface Strategy {
  sources: readonly SourceName[];
  accepts(c: Candidate): boolean;
}
