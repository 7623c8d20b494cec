import { expect } from '@jest/globals';
import { SeedService } from '../src/admin/seed/seed.service';
import { createTestApp } from './setup/create-test-app';

/** First run in development: the sample catalogue (README, "Try it"). */
describe('Sample catalogue on first run', () => {
  it('seeds an empty catalogue in development through bulk import, audited, visible to expand; once only', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const admin = t.token('ada', ['admin']);
      const list = await t.api.synonyms.list({ limit: 100 }, admin);
      expect(list.body.total).toBe(30);
      expect(list.body.synonyms.every((s) => s.status === 'active' && s.created_by === 'seed')).toBe(true);
      const audit = await t.api.admin.auditLog({ user_id: 'seed', limit: 100 }, admin);
      expect(audit.body.total).toBe(30);
      expect(audit.body.audit_entries[0].reason).toBe('bulk import of .sample-catalogue.csv');
      const expanded = await t.api.expand({ query: 'laptop keeps crashing', domain: 'technical' }, admin);
      expect(expanded.body.expanded_queries.some((r) => r.synonyms_used.some((u) => u.source === 'catalogue' && u.synonym === 'notebook'))).toBe(true);
      expect(await t.app.get(SeedService).seed()).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('does not seed with SEED=false, nor outside development', async () => {
    const envs: Record<string, string>[] = [{ NODE_ENV: 'development', SEED: 'false' }, { NODE_ENV: 'test' }];
    for (const env of envs) {
      const t = await createTestApp({ env });
      try {
        expect((await t.api.synonyms.list({}, t.token('ada', ['admin']))).body.total).toBe(0);
      } finally {
        await t.close();
      }
    }
  });
});
