/**
 * The default branch of a switch over a union: the compiler refuses the call when a member of the union has no
 * case, so adding a format, strategy or source cannot silently fall through to another one's handling.
 */
export function assertNever(value: never, what: string): never {
  throw new Error(`unhandled ${what}: ${String(value)}`);
}
