import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// better-sqlite3 12 wraps statements in node::ObjectWrap. Compiled against Node 24.19+ headers, that header's
// destructor removes an environment cleanup hook and aborts the process (SIGABRT, "Assertion failed: (env) !=
// nullptr") when the garbage collector frees a statement outside any JavaScript context (nodejs/node#65446).
// TypeORM drops statements from its cache all the time, so such a build takes the service down at random. A
// child process churns statements until the collector frees some; README "Node.js versions" has the fix.
const CHURN = `
const Database = require('better-sqlite3');
const db = new Database(':memory:');
(async () => {
  for (let i = 0; i < 50000; i++) {
    db.prepare('select ' + i).get();
    if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  db.close();
})();
`;

describe('SQLite driver build', () => {
  it('survives the garbage collector freeing dropped statements on this Node.js line', () => {
    const child = spawnSync(process.execPath, ['-e', CHURN], { cwd: join(__dirname, '..', '..'), encoding: 'utf8', timeout: 60_000 });
    const outcome =
      child.status === 0
        ? 'exited 0'
        : `${child.signal ?? `exit ${child.status}`} on Node.js ${process.version}: ${child.stderr.trim().split('\n').slice(0, 3).join(' ')} ` +
          '(better-sqlite3 built against Node 24.19+ headers? See README "Node.js versions")';
    expect(outcome).toBe('exited 0');
  });
});
