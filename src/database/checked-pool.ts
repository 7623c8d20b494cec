import * as mysql2 from 'mysql2';
import type { Pool, PoolConnection, PoolOptions } from 'mysql2';

/** A pooled connection idle for longer than this is pinged before it is handed out. */
export const CHECK_AFTER_IDLE_MS = 1000;
/** A ping not answered within this is a dead connection (a network that drops packets answers nothing). */
const PING_TIMEOUT_MS = 1000;

type Callback = (err: NodeJS.ErrnoException | null, connection: PoolConnection) => unknown;

/** Pings a connection; calls back once, with the error when it failed or did not answer in time. */
function ping(connection: PoolConnection, done: (err?: Error) => void): void {
  let settled = false;
  const settle = (err?: Error) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    done(err);
  };
  const timer = setTimeout(() => settle(new Error(`no answer to a ping within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  connection.ping((err) => settle(err ?? undefined));
}

/**
 * A mysql2 pool that does not hand out dead connections. A pooled connection can die without the pool noticing:
 * when the server's host goes away or a failover moves its address, or a NAT or firewall drops an idle flow, no
 * FIN arrives, and the next statement on it fails with ECONNRESET or waits forever. So a connection idle for more
 * than CHECK_AFTER_IDLE_MS is pinged before use; one that fails is destroyed and the next taken (each pooled
 * connection at most once, then a new one), before any statement is sent; after a failed ping, the free connections
 * idle since before it are replaced without a ping. Connections in use within the last
 * second are handed out unchecked: a ping for every statement would double the round trips.
 */
export function createCheckedPool(options: PoolOptions): Pool {
  const pool = mysql2.createPool(options);
  /** When each free connection was released; an entry exists only while the connection sits in the pool. */
  const releasedAt = new WeakMap<PoolConnection, number>();
  pool.on('release', (connection) => releasedAt.set(connection, Date.now()));
  const take = pool.getConnection.bind(pool);
  const maxChecks = (options.connectionLimit ?? 10) + 1;
  /**
   * When a ping last failed: free connections released before then shared the path that just died, so they are
   * destroyed without a ping of their own (one ping timeout per outage, not one per pooled connection).
   */
  let lastFailure = 0;

  pool.getConnection = (callback: Callback): void => {
    const attempt = (checksLeft: number) =>
      take((err, connection) => {
        if (err) return callback(err, connection);
        const since = releasedAt.get(connection);
        releasedAt.delete(connection);
        if (since === undefined || Date.now() - since < CHECK_AFTER_IDLE_MS || checksLeft === 0) return callback(null, connection);
        if (since < lastFailure) {
          connection.destroy();
          return attempt(checksLeft - 1);
        }
        ping(connection, (failed) => {
          if (!failed) return callback(null, connection);
          lastFailure = Date.now();
          connection.destroy();
          attempt(checksLeft - 1);
        });
      });
    attempt(maxChecks);
  };
  return pool;
}

/** The mysql2 module as TypeORM loads it (its `driver` option), with pools that check idle connections before use. */
export const checkedMysql2 = { ...mysql2, createPool: createCheckedPool };
