import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type Logger as Pino } from 'pino';
import { requestScope } from './request-context';

/**
 * The service's JSON logger (pino): one root logger, no per-request logger objects. A line written while a
 * request runs carries that request's `req_id` (from the request scope, added by pino's mixin only when a line
 * is actually written). Secrets never reach it: authorization and cookie values are redacted wherever they
 * appear under `req.headers` or `headers`.
 */
export function createRootLogger(level: string, destination?: pino.DestinationStream): Pino {
  return pino(
    {
      level,
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { req_id: scope.id } : {};
      },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
    },
    destination,
  );
}

const LEVELS: Record<LogLevel, pino.Level> = { verbose: 'trace', debug: 'debug', log: 'info', warn: 'warn', error: 'error', fatal: 'fatal' };

/**
 * Nest's LoggerService over the root logger. Nest passes the logger's context (its class name) as the last
 * argument; an object first argument is merged into the line (an Error becomes `err`); Nest's own exception
 * handlers pass (message, stack), which becomes `err` with that stack.
 */
export class AppLogger implements LoggerService {
  constructor(readonly root: Pino) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(nestLevel: LogLevel, message: unknown, rest: unknown[]): void {
    const level = LEVELS[nestLevel];
    if (!this.root.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const args = [...rest];
    if (args.length > 0 && typeof args[args.length - 1] === 'string') fields.context = args.pop();
    let text: string | undefined;
    if (message instanceof Error) fields.err = message;
    else if (message !== null && typeof message === 'object') Object.assign(fields, message);
    else text = String(message);
    if (nestLevel === 'error' && text !== undefined && typeof args[0] === 'string' && /\n\s*at /.test(args[0])) {
      // (message, stack) from Nest's exception handlers
      const err = new Error(text);
      err.stack = args.shift() as string;
      fields.err = err;
    } else if (text === undefined && typeof args[0] === 'string') text = args.shift() as string;
    this.root[level](fields, text ?? '');
  }
}
