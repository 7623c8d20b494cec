import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { UnauthorizedError } from '../common/errors';
import type { AuthUser } from './auth-user';
import { JWT_KEYS, TOKEN_CACHE } from './auth.tokens';
import type { JwtKeys } from './jwt-keys';
import { ROLES, type Role } from './roles';
import type { TokenCache } from './token-cache';

/** The bearer token of a request, as passport-jwt reads it (the token cache uses the same reading). */
export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

interface JwtPayload {
  sub?: unknown;
  roles?: unknown;
  exp?: unknown;
}

function verificationKey(keys: JwtKeys): KeyObject {
  return keys.algorithm === 'RS256' ? createPublicKey(keys.verifyKey) : createSecretKey(Buffer.from(keys.verifyKey, 'utf8'));
}

/** Bearer tokens; the algorithm is pinned to the configured key type, `exp` is required. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(JWT_KEYS) keys: JwtKeys,
    @Inject(TOKEN_CACHE) private readonly cache: TokenCache,
  ) {
    super({
      jwtFromRequest: bearerToken,
      passReqToCallback: true,
      // A KeyObject built once: given a string, jsonwebtoken re-parses the key on every request.
      secretOrKey: verificationKey(keys) as unknown as string,
      algorithms: [keys.algorithm],
      issuer: keys.issuer,
      audience: keys.audience,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 30 },
    });
  }

  /** Called with a verified payload: checks the claims and remembers the token until its expiry. */
  validate(req: Parameters<typeof bearerToken>[0], payload: JwtPayload): AuthUser {
    if (typeof payload.exp !== 'number') throw new UnauthorizedError('Token has no expiry (exp claim required)', 'INVALID_TOKEN');
    if (typeof payload.sub !== 'string' || payload.sub.trim() === '' || payload.sub.length > 255) {
      throw new UnauthorizedError('Token subject (sub claim) must be a non-empty string', 'INVALID_TOKEN');
    }
    const roles = payload.roles;
    if (!Array.isArray(roles) || roles.length === 0 || !roles.every((r) => (ROLES as readonly unknown[]).includes(r))) {
      throw new UnauthorizedError(`Token roles claim must be a non-empty array of: ${ROLES.join(', ')}`, 'INVALID_TOKEN');
    }
    const user: AuthUser = { id: payload.sub, roles: [...new Set(roles as Role[])] };
    const token = bearerToken(req);
    if (token) this.cache.set(token, user, payload.exp);
    return user;
  }
}
