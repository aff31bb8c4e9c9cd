import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.data-*', 'test-results', 'playwright-report', 'public', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // Dependencies point one way (docs/decisions.md, "Games and app depend one way"): src/shared is
  // imported by everyone and imports neither side; the server never imports the browser's code or
  // the Phaser games; games/ gets what it needs of the app from the page that mounts it. Imports are
  // relative, so the patterns match how each folder reaches the other (`../../client/`,
  // `../../../games/`, `../../src/client/`); the games' pure rules live in src/shared/rules/games/.
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(games|client|server)/', message: 'src/shared no importa games/, src/client ni src/server.' },
            { regex: '(^|/)src/(client|server)/|^phaser$|^react(-dom)?$', message: 'src/shared no importa games/, src/client ni src/server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(games|client)/|(^|/)src/client/|^phaser$',
              message: 'El servidor no importa games/ ni src/client: las reglas compartidas están en src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['games/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(client|server)/',
              message: 'games/ no importa src/client ni src/server: la página que monta el juego le pasa lo que necesita.',
            },
          ],
        },
      ],
    },
  },
  {
    // A searchable picker holds its list still under a press, or a search answer landing then loses
    // the pick (src/client/admin/common/heldWhilePressed.tsx): react-admin's own input does not.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/admin/common/heldWhilePressed.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['AutocompleteInput'],
              message: 'Usa HeldAutocompleteInput (common/heldWhilePressed.tsx): la lista no se mueve bajo el dedo.',
            },
          ],
        },
      ],
    },
  },
);
