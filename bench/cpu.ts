import type { ChildProcess } from 'node:child_process';

/** In a benchmark server (a child process): answers {type: 'cpu'} with its CPU time so far (µs, user + system). */
export function answerCpuReadings(): void {
  process.on('message', (m: { type?: string }) => {
    if (m?.type !== 'cpu') return;
    const u = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: u.user + u.system });
  });
}

/** In the load generator: the CPU time a server child has used so far (µs). */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no CPU reading from a benchmark server')), 10_000);
    const onMessage = (m: { type?: string; micros?: number }) => {
      if (m?.type !== 'cpu' || typeof m.micros !== 'number') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m.micros);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

/**
 * In a benchmark server: answers {type: 'profile-start'} and {type: 'profile-stop'} by running V8's CPU profiler
 * over that window only (start-up excluded), and sends the profile back as {type: 'profile', profile}.
 */
export function answerProfileRequests(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Session } = require('node:inspector') as typeof import('node:inspector');
  let session: import('node:inspector').Session | undefined;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session?.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  process.on('message', (m: { type?: string }) => {
    if (m?.type === 'profile-start') {
      session = new Session();
      session.connect();
      void post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: 100 }))
        .then(() => post('Profiler.start'))
        .then(() => process.send?.({ type: 'profile-started' }));
    } else if (m?.type === 'profile-stop') {
      void post('Profiler.stop').then((res) => {
        session?.disconnect();
        process.send?.({ type: 'profile', profile: (res as { profile: unknown }).profile });
      });
    }
  });
}

/** Sends a message to a child and waits for the reply of the given type. */
export function ask<T>(child: ChildProcess, message: object, reply: string, timeoutMs = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${reply} from a benchmark server`)), timeoutMs);
    const onMessage = (m: { type?: string }) => {
      if (m?.type !== reply) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}
