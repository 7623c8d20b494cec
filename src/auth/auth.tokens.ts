/** Injection token of the resolved JwtKeys. */
export const JWT_KEYS = Symbol('JWT_KEYS');
