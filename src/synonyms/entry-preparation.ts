import { ValidationError } from '../common/errors';
import { normalize } from '../expansion/engine/normalize';
import { DEFAULT_CONFIDENCE, DEFAULT_DOMAIN } from './synonym.enums';

/**
 * The one path every catalogue entry takes before it is stored: POST /synonyms, PUT /synonyms/{id}, bulk import
 * (and any later writer) normalise, scope and check an entry here, so they accept and refuse the same entries
 * with the same messages. Field syntax (types, lengths as sent, allowed values) is the DTOs' job
 * (CreateSynonymDto, which ImportRowDto extends); this module checks what only the normalised entry shows.
 */

/** Stored column widths (synonym.entity.ts) that the normalised pair and the scope key must fit. */
export const STORED_WIDTH = { termNormalized: 200, synonymNormalized: 200, scopeKey: 255 } as const;

/** What a writer supplies. */
export interface EntryFields {
  term: string;
  synonym: string;
  domain?: string | null;
  confidence?: number;
  context?: string | null;
  user_role?: string | null;
  department?: string | null;
  tags?: string[] | null;
  notes?: string | null;
}

/** A normalised, scoped entry that fits its columns. */
export interface PreparedEntry {
  term: string;
  synonym: string;
  termNormalized: string;
  synonymNormalized: string;
  domain: string;
  userRole: string | null;
  department: string | null;
  scopeKey: string;
  confidence: number;
  tags: string[] | null;
  notes: string | null;
  context: string | null;
}

export const lowerOrNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim().toLowerCase());
export const trimOrNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
/** Tags trimmed and deduplicated; none is null. */
export const tagsOrNull = (tags: string[] | null | undefined): string[] | null => (tags && tags.length > 0 ? [...new Set(tags.map((t) => t.trim()))] : null);
/** The domain as stored: lower-case, the default when none. */
export const domainOf = (domain: string | null | undefined): string => lowerOrNull(domain) ?? DEFAULT_DOMAIN;

/** "domain|user_role|department", lower-cased: the scope within which a term→synonym pair is unique. */
export function scopeKey(domain: string, userRole: string | null, department: string | null): string {
  return [domain, userRole ?? '', department ?? ''].map((s) => s.trim().toLowerCase()).join('|');
}

/** 400 SAME_TERM_AND_SYNONYM. */
export function sameTermError(): ValidationError {
  return new ValidationError('term and synonym must differ', { field: 'synonym', expected_type: 'text different from term', provided_value: null }, 'SAME_TERM_AND_SYNONYM');
}

/** Normalising can lengthen text (NFKC: "½" → "1⁄2"; "İ" lower-cases to two characters): keep it within its columns. */
export function assertEntryFits(e: Pick<PreparedEntry, 'termNormalized' | 'synonymNormalized' | 'scopeKey'>): void {
  const checks = [
    ['term', e.termNormalized, STORED_WIDTH.termNormalized],
    ['synonym', e.synonymNormalized, STORED_WIDTH.synonymNormalized],
    ['department', e.scopeKey, STORED_WIDTH.scopeKey],
  ] as const;
  for (const [field, value, max] of checks) {
    if (value.length > max) {
      const what = field === 'department' ? 'domain, user_role and department together are' : `${field} is`;
      throw new ValidationError(`${what} too long once normalised (${value.length} characters; at most ${max})`, { field, expected_type: `text of at most ${max} characters once normalised`, provided_value: null });
    }
  }
}

/** Normalises and scopes an entry and checks what the DTOs cannot; throws ValidationError (400) otherwise. */
export function prepareEntry(input: EntryFields): PreparedEntry {
  const term = input.term.trim();
  const synonym = input.synonym.trim();
  const termNormalized = normalize(term);
  const synonymNormalized = normalize(synonym);
  if (termNormalized === '' || synonymNormalized === '') {
    throw new ValidationError('term and synonym must contain at least one letter or digit', {
      field: termNormalized === '' ? 'term' : 'synonym',
      expected_type: 'non-empty text',
      provided_value: termNormalized === '' ? term : synonym,
    });
  }
  if (termNormalized === synonymNormalized) throw sameTermError();
  const domain = domainOf(input.domain);
  const userRole = lowerOrNull(input.user_role);
  const department = trimOrNull(input.department);
  const entry: PreparedEntry = {
    term,
    synonym,
    termNormalized,
    synonymNormalized,
    domain,
    userRole,
    department,
    scopeKey: scopeKey(domain, userRole, department),
    confidence: input.confidence ?? DEFAULT_CONFIDENCE,
    tags: tagsOrNull(input.tags),
    notes: trimOrNull(input.notes),
    context: trimOrNull(input.context),
  };
  assertEntryFits(entry);
  return entry;
}
