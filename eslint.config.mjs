// Lint: typescript-eslint's type-checked recommended rules, the promise rules a typecheck cannot give (STYLE.md:
// every promise awaited or handled), import boundaries and file size.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'eslint.config.mjs', 'jest.config.js'] },
  // typescript-eslint's type-checked recommended rules for the service, the benchmarks, the scripts and the tests:
  // e2e tests read response bodies through the typed client (test/client), and a test that passes asymmetric
  // matchers (expect.any, objectContaining) imports expect from @jest/globals, whose matchers are typed, not any
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: ['src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'ormconfig.ts', 'console/**/*.{ts,tsx}'] })),
  {
    files: ['**/*.ts', 'console/**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-require-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // the expansion engine is a pure library (STYLE.md 7): no framework, no database, nothing outside its folder
    files: ['src/expansion/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@nestjs/*', 'typeorm', 'rxjs', 'express', '../../*', '../expansion.*', '../expansion-index.service', '../expansion-recorder*', '../dto/*', '../entities/*', '../pair-stats*'], message: 'The engine is a pure library: no Nest, TypeORM or service code.' }] },
      ],
    },
  },
  {
    // shared code stays below the feature modules: common imports none of them
    files: ['src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../admin/*', '../../analytics/*', '../../audit/*', '../../auth/*', '../../expansion/*', '!../../expansion/engine', '../../feedback/*', '../../health/*', '../../synonyms/*', '../../throttle/*'], message: 'common/ is shared by every module and imports none of them.' }] },
      ],
    },
  },
  {
    // no source file over 400 lines: split by responsibility instead (docs/HOWTO.md)
    files: ['src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // each table has one owner module (docs/ARCHITECTURE.md): another module may name an entity as a type, never
    // use its class to query it; analytics reads the tables with SQL, as the reporting module
    files: ['src/**/*.ts'],
    ignores: ['src/database/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/synonyms/entities/*', '**/audit/entities/*', '**/expansion/entities/*', '**/feedback/entities/*', '**/discovery/entities/*'], allowTypeImports: true, message: "Another module's table: call its owner's methods (e.g. CatalogueStore, AuditService, ExpansionRecorder)." }] },
      ],
    },
  },
  {
    // the console (console/, its own tsconfig for the browser): React's rules of hooks, and the public API only
    files: ['console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // a warning for React Compiler users; the console is built without the compiler
      'react-hooks/incompatible-library': 'off',
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../src/*', '../../../src/*', '**/src/common/*'], message: 'The console calls the public API; it shares no code with the service.' }] }],
    },
  },
);
