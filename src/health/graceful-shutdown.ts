import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { Lifecycle } from './lifecycle';

/** Share of the grace period spent waiting for in-flight requests; the rest is for the final flush and closing. */
const DRAIN_SHARE = 0.7;
/** How often connections that became idle while draining are closed. */
const IDLE_SWEEP_MS = 50;

export interface ShutdownOptions {
  graceMs: number;
  log: LoggerService;
  /** process.exit in the service; a test passes its own. */
  exit?: (code: number) => void;
}

/**
 * The shutdown contract (README, "Shutdown"): on the first SIGTERM or SIGINT, readiness answers 503 at once; the
 * listener stops accepting connections; idle keep-alive connections close, and every response sent from then on
 * closes its connection; in-flight requests finish. Once no connection is left (or 70% of the grace period has
 * passed, when the stragglers are cut), the application closes: its hooks write the expansion events queued by
 * then and close the database. The process exits with 0, or with 1 when the grace period runs out first.
 */
export function installGracefulShutdown(app: INestApplication, options: ShutdownOptions): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      options.log.warn?.(`${signal} received again: already shutting down`, 'Shutdown');
      return;
    }
    started = true;
    void shutdown(app, signal, options);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function shutdown(app: INestApplication, signal: NodeJS.Signals, { graceMs, log, exit = (code) => process.exit(code) }: ShutdownOptions): Promise<void> {
  const began = Date.now();
  app.get(Lifecycle).drain();
  log.log(`${signal} received: draining (grace period ${graceMs} ms)`, 'Shutdown');
  const deadline = setTimeout(() => {
    log.error(`Shutdown did not finish within ${graceMs} ms; exiting now`, undefined, 'Shutdown');
    exit(1);
  }, graceMs);
  deadline.unref();

  const server = app.getHttpServer() as Server;
  await drainConnections(server, graceMs * DRAIN_SHARE, log);
  try {
    await app.close();
  } catch (err) {
    log.error(`Closing the application failed: ${(err as Error).message}`, undefined, 'Shutdown');
    clearTimeout(deadline);
    exit(1);
    return;
  }
  clearTimeout(deadline);
  log.log(`Shut down in ${Date.now() - began} ms`, 'Shutdown');
  exit(0);
}

/**
 * Stops accepting connections and waits until the open ones are gone: idle ones are closed at once and whenever
 * one becomes idle, a response sent from now on carries `Connection: close`. After `budgetMs` the rest are cut.
 */
function drainConnections(server: Server, budgetMs: number, log: LoggerService): Promise<void> {
  return new Promise((resolve) => {
    const closeOnResponse = (_req: IncomingMessage, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    };
    server.prependListener('request', closeOnResponse);
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => {
      log.warn?.(`Connections still open after ${Math.round(budgetMs)} ms of draining: closing them`, 'Shutdown');
      server.closeAllConnections();
    }, budgetMs);
    const done = () => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    };
    if (!server.listening) return done();
    // stops accepting; Node closes the idle keep-alive connections too, and calls back once none is left
    server.close(() => done());
    server.closeIdleConnections();
  });
}
