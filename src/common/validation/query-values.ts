import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

/**
 * Query-string integers: only plain decimal digits become numbers ("0x10", "1e2" and " 5" stay text and
 * fail @IsInt), unlike Number().
 */
export const ToInt = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value));

/**
 * ISO 8601 calendar timestamps that JavaScript parses: a date, or a date and time with an optional zone.
 * Week (2024-W01) and ordinal (2024-366) dates and basic formats (20240101) are refused.
 */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export const IsTimestamp = () =>
  ValidateBy({
    name: 'isTimestamp',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)),
      defaultMessage: () => '$property must be an ISO 8601 date or timestamp, e.g. 2026-11-01 or 2026-11-01T12:00:00Z',
    },
  });

/** A bound of a period: a bare date as an end bound means the whole of that day (UTC). */
export function periodBound(text: string | undefined, end: boolean): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return end && /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(date.getTime() + 86_400_000 - 1) : date;
}
