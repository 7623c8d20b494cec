import { expect } from '@jest/globals';
import { Logger } from '@nestjs/common';
import pino from 'pino';
import { AppLogger } from '../src/common/logging/app-logger';
import { SynonymsService } from '../src/synonyms/synonyms.service';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** Log lines written while a request runs carry its request id (the same as the X-Request-Id answered). */
describe('Request ids in log lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('a line a service writes during a request names that request', async () => {
    const root = t.app.get(AppLogger).root as pino.Logger & Record<symbol, { write(s: string): boolean }>;
    const stream = root[pino.symbols.streamSym];
    const written: string[] = [];
    jest.spyOn(stream, 'write').mockImplementation((s: string) => {
      written.push(s);
      return true;
    });
    const log = new Logger('Catalogue');
    jest.spyOn(t.app.get(SynonymsService), 'get').mockImplementation(async () => {
      await new Promise((r) => setTimeout(r, 1));
      log.warn('looked up a synonym');
      throw new Error('SELECT failed');
    });
    const token = t.token('logger', ['user']);
    const res = await t.api.synonyms.get(1, token).set('X-Request-Id', 'trace-abc-123');
    expect(res.status).toBe(500);
    expect(res.headers['x-request-id']).toBe('trace-abc-123');
    const lines = written.map((l) => JSON.parse(l) as Record<string, unknown>);
    const ours = lines.find((l) => l.msg === 'looked up a synonym');
    expect(ours).toMatchObject({ req_id: 'trace-abc-123', context: 'Catalogue', level: 40 });
    expect(lines.find((l) => l.msg === 'Unhandled error')).toMatchObject({ req_id: 'trace-abc-123' });
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
