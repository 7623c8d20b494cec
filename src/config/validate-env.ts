import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * Validates a slice of process.env against an env class once, at boot, and throws one readable message
 * naming every bad variable. Values are converted by the class's @Transform/@Type decorators.
 */
export function validateEnv<T extends object>(cls: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(env)) {
    // An empty variable means "not set", as in most .env tooling.
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const instance = plainToInstance(cls, raw, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      // secrets, and URLs that carry credentials (user:password@host, or a token in the query string), are not echoed
      const credentials = typeof e.value === 'string' && (/\/\/[^/?#]*@/.test(e.value) || /[?&][^=]*(token|key|secret|password)[^=]*=/i.test(e.value));
      const shown = e.property.includes('SECRET') || e.property.includes('PASSWORD') || credentials ? '(hidden)' : JSON.stringify(e.value);
      return `  ${e.property}=${shown}: ${Object.values(e.constraints ?? {}).join('; ')}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return instance;
}

/** "true"/"1"/"yes" → true, "false"/"0"/"no" → false, anything else stays as it is (and fails @IsBoolean). */
export function toBool({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return value;
}

/** Integer strings become numbers; anything else stays a string (and fails @IsInt). */
export function toInt({ value }: { value: unknown }): unknown {
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return value;
}
