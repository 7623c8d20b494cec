/** Injection token of the resolved JwtKeys. */
export const JWT_KEYS = Symbol('JWT_KEYS');

/** Injection token of the TokenCache of verified tokens. */
export const TOKEN_CACHE = Symbol('TOKEN_CACHE');
