import { expect } from '@jest/globals';
import { Writable } from 'node:stream';
import { AppLogger, createRootLogger } from '../../src/common/logging/app-logger';
import { requestScope } from '../../src/common/logging/request-context';
import { ThrottledWarning } from '../../src/common/logging/throttled-warning';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: new AppLogger(createRootLogger(level, stream)) };
}
const flush = () => new Promise((r) => setImmediate(r));

describe('AppLogger', () => {
  it('puts the request id on every line written in a request scope, also after an await', async () => {
    const { lines, logger } = capture();
    await requestScope.run({ id: 'req-42' }, async () => {
      logger.warn('before', 'Ctx');
      await new Promise((r) => setTimeout(r, 5));
      logger.error({ detail: 1 }, 'after', 'Ctx');
    });
    logger.log('outside', 'Ctx');
    await flush();
    expect(lines.map((l) => [l.msg, l.req_id, l.context])).toEqual([
      ['before', 'req-42', 'Ctx'],
      ['after', 'req-42', 'Ctx'],
      ['outside', undefined, 'Ctx'],
    ]);
    expect(lines[1].detail).toBe(1);
  });

  it("turns Nest's (message, stack) and an Error into err, and redacts authorization headers", async () => {
    const { lines, logger } = capture();
    logger.error('boom', 'Error: boom\n    at somewhere (file.ts:1:1)', 'ExceptionsHandler');
    logger.error(new Error('bad'), 'Ctx');
    logger.warn({ headers: { authorization: 'Bearer secret', accept: 'json' } }, 'seen', 'Ctx');
    await flush();
    expect(lines[0]).toMatchObject({ msg: 'boom', context: 'ExceptionsHandler', err: { message: 'boom', stack: expect.stringContaining('at somewhere') } });
    expect(lines[1]).toMatchObject({ context: 'Ctx', err: { message: 'bad' } });
    expect(lines[2].headers).toEqual({ authorization: '[redacted]', accept: 'json' });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('writes nothing below its level', async () => {
    const { lines, logger } = capture('warn');
    logger.log('quiet', 'Ctx');
    logger.debug('quieter', 'Ctx');
    logger.warn('loud', 'Ctx');
    await flush();
    expect(lines.map((l) => l.msg)).toEqual(['loud']);
  });
});

describe('ThrottledWarning', () => {
  afterEach(() => jest.useRealTimers());

  it('writes a repeated warning once per interval, saying how many it held back', () => {
    jest.useFakeTimers({ now: 0 });
    const written: [Record<string, unknown>, string][] = [];
    const warning = new ThrottledWarning({ warn: (fields, message) => written.push([fields, message]) }, 60_000);
    warning.warn('Redis unavailable', { attempt: 1 });
    for (let i = 0; i < 5; i++) warning.warn('Redis unavailable');
    jest.setSystemTime(59_999);
    warning.warn('Redis unavailable');
    jest.setSystemTime(60_000);
    warning.warn('Redis unavailable', { attempt: 8 });
    expect(written).toEqual([
      [{ attempt: 1 }, 'Redis unavailable'],
      [{ attempt: 8, held_back: 6 }, 'Redis unavailable'],
    ]);
  });
});
