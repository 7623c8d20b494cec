import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTestApp, dropMysqlDatabase, isMysqlRun } from './setup/create-test-app';

describe('Graceful shutdown', () => {
  it('writes pending expansion events before the application closes', async () => {
    const t = await createTestApp();
    const token = t.token('uma', ['user']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.api.expand({ query: `ML deployment ${i}` }, token);
      ids.push(res.body.expansion_id);
    }
    if (isMysqlRun()) {
      await t.app.close();
      const { DataSource } = await import('typeorm');
      const { readDatabaseConfig } = await import('../src/config/database.config');
      const { buildDataSourceOptions } = await import('../src/database/typeorm-options');
      const ds = new DataSource(buildDataSourceOptions({ ...readDatabaseConfig(), name: t.mysqlDatabase as string }));
      await ds.initialize();
      const rows = await ds.query<{ id: string }[]>(`SELECT id FROM expansion_events WHERE id IN (?, ?, ?)`, ids);
      await ds.destroy();
      await dropMysqlDatabase(t.mysqlDatabase as string);
      expect(rows).toHaveLength(3);
    } else {
      await t.app.close();
      const db = new Database(join(t.dataDir, 'test.sqlite'), { readonly: true });
      const rows = db.prepare(`SELECT id FROM expansion_events WHERE id IN (?, ?, ?)`).all(...ids);
      db.close();
      expect(rows).toHaveLength(3);
    }
    rmSync(t.dataDir, { recursive: true, force: true });
  });
});
