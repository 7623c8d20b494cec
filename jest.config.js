/**
 * Four projects: fast unit tests, HTTP e2e tests (SQLite by default, MySQL/MariaDB with DB_TYPE=mysql|mariadb),
 * the outage tests, which start, kill and restart MariaDB and Redis servers of their own: they need the
 * mariadbd and redis-server binaries, so `npm test` leaves them out and `npm run test:mysql` runs them; and the
 * console's browser tests, which need Chromium (`npm run test:browser`).
 */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };
module.exports = {
  // e2e tests start whole apps on real databases (MariaDB creates and migrates one per app): 30 s, not 5
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/unit/**/*.spec.ts', '<rootDir>/src/**/*.spec.ts'],
      transform,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/outage/'],
      transform,
    },
    {
      displayName: 'outage',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/outage/**/*.e2e-spec.ts'],
      transform,
    },
    {
      // the console in Debian's Chromium against the built service (`npm run test:browser` builds first)
      displayName: 'browser',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      transform,
    },
  ],
};
