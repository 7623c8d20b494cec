import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection as tcpConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * Real MariaDB and Redis servers of a test's own, on free ports in temporary folders, that the test kills and
 * starts again to provoke an outage. Only the outage specs (test/outage/, run by `npm run test:mysql`) use them:
 * they need the mariadbd and redis-server binaries, which CI installs and a fresh machine may not have.
 */

const STARTUP_DEADLINE_MS = 20_000;

/** A TCP port nothing listens on now (the kernel's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A server binary on PATH or in the sbin folders (mariadbd is installed in /usr/sbin, outside most users' PATH). */
function binary(name: string): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/bin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  throw new Error(`${name} not found on PATH or in /usr/sbin: the outage tests need a MariaDB and a Redis server installed`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `ready` until it resolves true; fails at the deadline, or at once when the process has exited. */
async function waitUntil(what: string, ready: () => Promise<boolean>, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone !== undefined) throw new Error(`${what} exited while starting: ${gone}`);
    if (await ready()) return;
    await sleep(50);
  }
  throw new Error(`${what} did not accept connections within ${STARTUP_DEADLINE_MS} ms`);
}

/** One server process in its own folder: started, killed (as a crash would) and started again on the same port and data. */
abstract class ChildServer {
  readonly dir = mkdtempSync(join(tmpdir(), 'qes-outage-'));
  private child?: ChildProcess;
  private exitNote?: string;
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  protected constructor(readonly port: number) {
    // a test run that dies leaves no server behind
    process.once('exit', this.killOnExit);
  }

  protected abstract readonly name: string;
  protected abstract command(): [string, string[]];
  protected abstract accepts(): Promise<boolean>;

  /** Starts the server and resolves once it accepts connections. */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    const [bin, args] = this.command();
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    this.exitNote = undefined;
    child.once('exit', (code, signal) => {
      this.exitNote = `code ${code ?? '-'}, signal ${signal ?? '-'}: ${stderr.trim().slice(-500)}`;
    });
    this.child = child;
    await waitUntil(this.name, () => this.accepts(), () => this.exitNote);
  }

  /** Stops the process with a signal (SIGKILL by default: a crash) and resolves once it has exited. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Freezes (SIGSTOP) or resumes (SIGCONT) the process: it keeps its connections open and answers nothing meanwhile. */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void {
    this.child?.kill(signal);
  }

  /** Kills the process and removes its folder. */
  async remove(): Promise<void> {
    this.child?.kill('SIGCONT');
    await this.kill();
    process.removeListener('exit', this.killOnExit);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A MariaDB server with its own data directory (root without a password over TCP), as `mariadb-install-db` makes it. */
export class MariaDbServer extends ChildServer {
  protected readonly name = 'mariadbd';

  static async create(): Promise<MariaDbServer> {
    const server = new MariaDbServer(await freePort());
    const install = spawnSync(binary('mariadb-install-db'), ['--no-defaults', `--datadir=${server.dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...server.tuning()], { encoding: 'utf8' });
    if (install.status !== 0) {
      await server.remove();
      throw new Error(`mariadb-install-db failed: ${install.stderr}${install.stdout}`);
    }
    await server.start();
    return server;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** Small and quick: a test database holds a few rows. */
  private tuning(): string[] {
    // mariadbd refuses to run as root unless told to
    const user = process.getuid?.() === 0 ? ['--user=root'] : [];
    return [...user, '--innodb-buffer-pool-size=32M', '--innodb-log-file-size=8M'];
  }

  protected command(): [string, string[]] {
    return [
      binary('mariadbd'),
      ['--no-defaults', `--datadir=${this.dataDir}`, `--port=${this.port}`, '--bind-address=127.0.0.1', `--socket=${join(this.dir, 'mariadb.sock')}`, `--pid-file=${join(this.dir, 'mariadb.pid')}`, `--log-error=${join(this.dir, 'error.log')}`, '--skip-name-resolve', '--innodb-flush-log-at-trx-commit=2', ...this.tuning()],
    ];
  }

  protected async accepts(): Promise<boolean> {
    const { createConnection } = await import('mysql2/promise');
    try {
      const conn = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', password: '', connectTimeout: 1000 });
      await conn.end();
      return true;
    } catch {
      return false;
    }
  }

  /** The end of the server's error log, for a failure message. */
  errorLog(): string {
    try {
      return readFileSync(join(this.dir, 'error.log'), 'utf8').slice(-2000);
    } catch {
      return '';
    }
  }
}

/** A Redis server without persistence. */
export class RedisServer extends ChildServer {
  protected readonly name = 'redis-server';

  static async create(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  protected command(): [string, string[]] {
    return [binary('redis-server'), ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir]];
  }

  protected accepts(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = tcpConnect(this.port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      const refused = () => {
        socket.destroy();
        resolve(false);
      };
      socket.once('error', refused);
      socket.once('timeout', refused);
    });
  }
}
