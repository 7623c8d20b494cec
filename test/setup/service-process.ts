import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The service as `npm start` runs it (src/main.ts in a process of its own, through ts-node), for process-level tests. */
export interface ServiceProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the process exits: its code and when. */
  exited: Promise<{ code: number | null; at: number }>;
}

const STARTUP_DEADLINE_MS = 60_000;

/**
 * Starts src/main.ts (or, with `built`, dist/main.js as `npm start` does after `npm run build`) with exactly `env`
 * (plus PATH) on 127.0.0.1:`port` and waits for its "listening on" line; the process is killed and the start-up
 * output thrown when it exits or does not listen in time.
 */
export async function startServiceProcess(port: number, env: Record<string, string>, built = false): Promise<ServiceProcess> {
  const root = join(__dirname, '..', '..');
  const args = built ? [join(root, 'dist', 'main.js')] : ['-r', 'ts-node/register/transpile-only', join(root, 'src', 'main.ts')];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  while (!text.includes('listening on') && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!text.includes('listening on')) {
    child.kill('SIGKILL');
    throw new Error(`the service did not start:\n${text}`);
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => text, exited };
}
