// `npm run lint` (with dependency-cruiser's layer rules and knip's unused-code
// check). Type-aware: each file is checked with the tsconfig of its runtime.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tests/.artifacts/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A form's onSubmit={handleSubmit(…)} (react-hook-form) returns a promise React ignores, by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // The text policy, the calendar writer and their tests match control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}',
              message:
                'Climb at most two folders; leave a feature folder through its alias (@domain/…, @application/…, @contract/…, @adapters/…, @web/…, @tests/…).',
            },
          ],
        },
      ],
    },
  },
  {
    // Files a person can hold in mind.
    files: ['{domain,application,adapters}/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Tests read JSON answers as the loose shapes they are.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layout is Prettier's (npm run format): no ESLint rule argues with it.
  prettier,
);
