// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction (STYLE.md 1): web and server may import shared; shared imports neither. */
const sharedIsPure = {
  patterns: [
    {
      group: ['@agendaki/server', '@agendaki/web', '**/apps/**'],
      message:
        'packages/shared is imported by web and server; it must not import them (STYLE.md 1).',
    },
    {
      group: [
        'node:*',
        'fs',
        'path',
        'crypto',
        'drizzle-orm',
        'drizzle-orm/*',
        'pg',
        'fastify',
        'react',
        'react-dom',
      ],
      message:
        'packages/shared holds pure rules that run in the browser too: no Node, ORM, server or React.',
    },
  ],
};

const webStaysOnItsSide = {
  patterns: [
    {
      group: [
        '@agendaki/server',
        '**/apps/server/**',
        'drizzle-orm',
        'drizzle-orm/*',
        'pg',
        'fastify',
        'node:*',
      ],
      message:
        'The web app talks to the server over HTTP only; share types and rules through @agendaki/shared.',
    },
  ],
};

const serverFeatureBoundaries = {
  patterns: [
    {
      group: ['@agendaki/web', '**/apps/web/**', 'react', 'react-dom'],
      message: 'The server does not import the web app; share through @agendaki/shared.',
    },
    {
      group: ['../*/repo', '../../features/*/repo', '**/features/*/repo'],
      message:
        "A feature's repo.ts is its own; call the other feature's service.ts instead (STYLE.md 2).",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '.test-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['scripts/**', '.ci/**', '*.js', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['packages/shared/src/**'],
    rules: { 'no-restricted-imports': ['error', sharedIsPure] },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', webStaysOnItsSide],
    },
  },
  {
    files: ['apps/server/src/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', serverFeatureBoundaries] },
  },
  {
    files: ['apps/server/test/**', 'apps/web/e2e/**', '**/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
