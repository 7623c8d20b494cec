import type { ValueTransformer } from 'typeorm';

/**
 * JSON kept in a text column, written the same way on SQLite and MySQL. Parsing is defensive: a cell
 * that is not valid JSON reads as null rather than failing a whole list.
 */
export const jsonText: ValueTransformer = {
  to: (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value)),
  from: (value: unknown) => {
    if (value === null || value === undefined || value === '') return null;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  },
};

/** MySQL DOUBLE can come back as a string through some drivers; always hand out numbers. */
export const numeric: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
};
