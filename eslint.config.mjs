// ESLint (typescript-eslint's recommended rules) for every TypeScript and build script; Prettier owns the layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'coverage/', '.local/', 'artifacts/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        __dirname: 'readonly',
        __filename: 'readonly',
        require: 'readonly',
        module: 'writable',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Prettier wraps code at 120; this catches what it cannot wrap (long strings, comments).
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // Small modules with one job (issue 17): no function over 80 lines (blank lines and comments not counted), no
    // file over 500 lines (every line counted).
    files: ['src/**/*.{ts,tsx}', 'sidebar/src/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Tests too: a file pins one behaviour, no file over 500 lines (a test's `describe` is a long function by nature).
    files: ['test/**/*.{ts,tsx,cjs,mjs}'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The emulator checks call arity as Apps Script does ("The parameters (…) don't match the method signature").
    files: ['src/node/emulator/**/*.ts'],
    rules: { 'prefer-rest-params': 'off' },
  },
  {
    // CommonJS files (jest's transform, test helpers run as plain Node processes) load modules with require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read untyped JSON answers (scripts.run bodies, call results) without declaring every shape.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
