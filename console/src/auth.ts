// The bearer token the user pastes once: kept in sessionStorage (gone when the tab closes), cleared on sign-out.
// The claims are read only to decide which pages to show; the service verifies the token on every call.

const KEY = 'qes.console.token';

export type Role = 'user' | 'curator' | 'analyst' | 'admin' | 'service';

export interface Session {
  token: string;
  sub: string;
  roles: Role[];
  /** seconds since the epoch */
  exp: number;
}

export function readSession(): Session | null {
  const token = sessionStorage.getItem(KEY);
  if (!token) return null;
  const session = sessionFromToken(token);
  if (!session || session.exp * 1000 <= Date.now()) {
    sessionStorage.removeItem(KEY);
    return null;
  }
  return session;
}

/** The token kept for this tab, expired or not: the API says which (TOKEN_EXPIRED), and a 401 signs the user out. */
export function storedToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(KEY, session.token);
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
}

/** The claims of a JWT (not verified here), or null when the text is not one with `sub`, `roles` and `exp`. */
export function sessionFromToken(raw: string): Session | null {
  const token = raw.trim().replace(/^Bearer\s+/i, '');
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const json = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(parts[1].length / 4) * 4, '='));
    const claims = JSON.parse(json) as { sub?: unknown; roles?: unknown; exp?: unknown };
    if (typeof claims.sub !== 'string' || !Array.isArray(claims.roles) || typeof claims.exp !== 'number') return null;
    return { token, sub: claims.sub, roles: claims.roles.filter((r): r is Role => typeof r === 'string'), exp: claims.exp };
  } catch {
    return null;
  }
}

export const CURATORS: Role[] = ['curator', 'admin'];
export const ANALYSTS: Role[] = ['analyst', 'admin'];
export const ADMINS: Role[] = ['admin'];

export function hasRole(session: Session, allowed: readonly Role[] | 'any'): boolean {
  return allowed === 'any' || session.roles.some((r) => allowed.includes(r));
}
