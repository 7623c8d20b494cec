import { randomUUID } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562) as 32 lower-case hex digits: the Unix time in milliseconds (48 bits), the version 7, then 74
 * random bits with the RFC variant. Ids made later sort after earlier ones (to the millisecond), so rows keyed by
 * them are appended at the end of the primary-key index instead of at random places in it: an index that grows
 * past the page cache (SQLite) or buffer pool (InnoDB, whose table is that index) keeps inserts cheap.
 * The random part comes from randomUUID's pooled entropy: its first 12 hex digits (replaced by the time) and its
 * version digit are dropped; the 3 digits after the version, the variant digit and the 15 after it are kept.
 */
export function timeOrderedHex(now: number = Date.now()): string {
  const r = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx
  return now.toString(16).padStart(12, '0') + '7' + r.slice(15, 18) + r.slice(19, 23) + r.slice(24);
}
