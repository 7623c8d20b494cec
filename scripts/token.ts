/**
 * Prints a bearer token signed with the configured key:
 *   npm run token -- --sub alice --roles admin,curator [--expires 1h]
 * Reads the same environment (.env included) as the service.
 */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { appConfig } from '../src/config/app.config';
import { authConfig } from '../src/config/auth.config';
import { resolveJwtKeys } from '../src/auth/jwt-keys';
import { ROLES, type Role } from '../src/auth/roles';
import { parseDuration, signToken } from '../src/auth/token-signer';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const sub = arg('sub');
  const rolesText = arg('roles') ?? 'user';
  if (!sub) throw new Error('Usage: npm run token -- --sub <user id> --roles <role,role> [--expires 1h]');
  const roles = rolesText.split(',').map((r) => r.trim()).filter(Boolean);
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length > 0 || roles.length === 0) throw new Error(`Unknown role(s) ${unknown.join(', ')}; roles are: ${ROLES.join(', ')}`);
  const keys = resolveJwtKeys(authConfig(), appConfig());
  process.stdout.write(`${signToken(keys, { sub, roles: roles as Role[], expiresIn: parseDuration(arg('expires') ?? '1h') })}\n`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
