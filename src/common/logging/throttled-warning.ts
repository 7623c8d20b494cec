/** The part of Nest's Logger a throttled warning writes through. */
interface WarnLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * A warning that repeats while a dependency is down (Redis, the database), written at most once per interval, so
 * an hour's outage writes sixty lines rather than one per request or per retry. A line written after repeats were
 * held back says how many (`held_back`); the metrics count every occurrence.
 */
export class ThrottledWarning {
  private lastAt = -Infinity;
  private heldBack = 0;

  constructor(
    private readonly logger: WarnLogger,
    private readonly intervalMs = 60_000,
  ) {}

  warn(message: string, fields: Record<string, unknown> = {}): void {
    const now = Date.now();
    if (now - this.lastAt < this.intervalMs) {
      this.heldBack += 1;
      return;
    }
    this.lastAt = now;
    const held = this.heldBack;
    this.heldBack = 0;
    this.logger.warn(held > 0 ? { ...fields, held_back: held } : fields, message);
  }
}
