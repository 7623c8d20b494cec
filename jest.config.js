/** Two projects: fast unit tests and HTTP e2e tests (SQLite by default, MySQL with DB_TYPE=mysql). */
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
      transform,
    },
  ],
};
