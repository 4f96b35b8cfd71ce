import tseslint from 'typescript-eslint';

/** Imports whose path goes through a folder named `name` (relative or not). */
const through = (names) => `(^|/)(${names.join('|')})(/|$)`;

/*
 * Layers point one way: api → domain → platforms/core and persistence; workers → domain; a platform folder uses only
 * platforms/core, infra and errors. Import cycles are checked by test/unit/architecture/import-rules.test.ts,
 * which sees the whole graph (and that a platform folder never reaches into another one).
 */
const layers = [
  {
    files: ['shared/**/*.ts'],
    patterns: [{ regex: through(['api', 'workers']), message: 'shared/ is used by both roles and never imports api/ or workers/.' }],
  },
  {
    files: ['api/**/*.ts'],
    patterns: [
      {
        regex: through(['persistence']),
        message: 'api/ reaches data through shared/domain services, never shared/persistence (entities, the ORM, migrations).',
      },
    ],
  },
  {
    files: ['shared/persistence/**/*.ts'],
    patterns: [
      {
        regex: through(['domain', 'api', 'workers']),
        message: 'Persistence is below the domain: an entity declares the types it stores itself (the domain may re-export them).',
      },
    ],
  },
  {
    files: ['workers/**/*.ts'],
    patterns: [{ regex: through(['api']), message: 'The worker role imports nothing from api/.' }],
  },
  {
    files: ['shared/platforms/*/**/*.ts'],
    ignores: ['shared/platforms/core/**'],
    patterns: [
      {
        regex: through(['api', 'workers', 'domain', 'persistence', 'queues', 'bootstrap']),
        message: 'A platform folder imports only platforms/core, infra and errors (and its own files).',
      },
    ],
  },
  {
    files: ['shared/platforms/core/**/*.ts'],
    patterns: [
      { regex: through(['api', 'workers', 'domain', 'persistence', 'queues', 'bootstrap']), message: 'platforms/core imports only infra and errors.' },
      { regex: '^\\.\\.(/index)?$|^\\.\\./[a-z-]+(/|$)', message: 'platforms/core never imports a platform folder or the platform list.' },
    ],
  },
].map(({ files, ignores, patterns }) => ({ files, ...(ignores ? { ignores } : {}), rules: { 'no-restricted-imports': ['error', { patterns }] } }));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/.logs/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layers,
);
