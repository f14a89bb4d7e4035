// Lint rules: typescript-eslint's recommended set plus the layer arrows of docs/architecture.md ("Imports that must never exist").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const reactModules = ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'examples/**/dist/**', 'test-results/**', '.vite/**', 'docs/api/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The rules of hooks and the React Compiler's checks, for the bindings and the examples that use them.
    files: ['react/**/*.{ts,tsx}', 'examples/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/machines/**', '**/react/**', '**/examples/**'], message: 'core/ never imports machines/, react/ or examples/.' },
            { group: ['xstate', 'xstate/*', ...reactModules], message: 'core/ stays free of xstate and React.' },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/react/**', '**/examples/**', ...reactModules], message: 'machines/ never imports react/ or React.' }],
        },
      ],
    },
  },
  {
    // Only core/platform/ touches host globals; everything else receives a Platform.
    files: ['core/**/*.ts', 'machines/**/*.ts', 'react/**/*.ts', 'react/**/*.tsx'],
    ignores: ['core/platform/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'sessionStorage',
        'location',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'fetch',
        'crypto',
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Use platform.clock.now().' }],
    },
  },
  // Prettier lays code out within 140 columns; comments are ours to wrap. Strings, templates, URLs and regular
  // expressions may run longer (breaking them would change what they say).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
);
