import type { AuthUser } from './auth-user';

/**
 * Verified bearer tokens: the exact token string (signature included, so an altered token is another key) ->
 * its principal, until the token's `exp`. Least recently used entries go first when `capacity` is reached; a
 * capacity of 0 turns the cache off. A cached token is not verified again, so a token cannot be revoked before
 * its expiry (revocation is not a feature today; docs/API.md).
 */
export class TokenCache {
  private readonly entries = new Map<string, { user: AuthUser; expiresAtMs: number }>();

  constructor(
    readonly capacity: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The principal of a token verified before and not yet expired. */
  get(token: string): AuthUser | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    this.entries.delete(token);
    if (this.now() >= hit.expiresAtMs) return undefined;
    this.entries.set(token, hit);
    return hit.user;
  }

  /** Remembers a verified token until `exp` (seconds since the epoch, as in the token). */
  set(token: string, user: AuthUser, exp: number): void {
    if (this.capacity <= 0 || !Number.isFinite(exp) || exp * 1000 <= this.now()) return;
    this.entries.delete(token);
    this.entries.set(token, { user, expiresAtMs: exp * 1000 });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
