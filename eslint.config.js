// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

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

const serverStaysOnItsSide = {
  group: ['@agendaki/web', '**/apps/web/**', 'react', 'react-dom'],
  message: 'The server does not import the web app; share through @agendaki/shared.',
};

const noOtherRepo = {
  group: ['../*/repo', '../../features/*/repo', '**/features/*/repo'],
  message:
    "A feature's repo.ts is its own; call the other feature's service.ts instead (docs/decisions/010-one-owner-per-table.md).",
};

/**
 * One owner per table (docs/decisions/010-one-owner-per-table.md). The map lives in the schema
 * (`TABLE_OWNERS`, one `table: 'feature',` per line) and is read here as text: this file is
 * plain JavaScript. test/table-ownership.test.ts checks the text and the object agree.
 */
const schemaText = fs.readFileSync(path.join(root, 'apps/server/src/db/schema.ts'), 'utf8');
function readConstBlock(name) {
  const match = new RegExp(`export const ${name} = ([\\[{][^\\]}]*[\\]}])`).exec(schemaText);
  if (!match) throw new Error(`eslint.config.js: ${name} not found in db/schema.ts`);
  return match[1];
}
export const tableOwners = Object.fromEntries(
  [...readConstBlock('TABLE_OWNERS').matchAll(/^\s*(\w+): '([\w-]+)',$/gm)].map((m) => [
    m[1],
    m[2],
  ]),
);
const purgedByMaintenance = [...readConstBlock('PURGED_BY_MAINTENANCE').matchAll(/'(\w+)'/g)].map(
  (m) => m[1],
);
const allTables = Object.keys(tableOwners);

/** Table objects imported from db/schema by code that does not own them (types stay free). */
function foreignTables(tables, whose) {
  return {
    group: ['**/db/schema'],
    importNames: tables,
    allowTypeImports: true,
    message: `${whose} does not own this table: only its owner's repo.ts queries it (TABLE_OWNERS in db/schema.ts); call the owning feature's service instead.`,
  };
}

const serverFeatures = fs
  .readdirSync(path.join(root, 'apps/server/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function featureRules(feature) {
  const allowed = allTables.filter(
    (table) =>
      tableOwners[table] === feature ||
      (feature === 'maintenance' && purgedByMaintenance.includes(table)),
  );
  const foreign = allTables.filter((table) => !allowed.includes(table));
  const patterns = [serverStaysOnItsSide, noOtherRepo];
  if (foreign.length > 0) patterns.push(foreignTables(foreign, `features/${feature}`));
  return { 'no-restricted-imports': ['error', { patterns }] };
}

/**
 * Plugins are the HTTP plumbing every feature builds on (auth, errors, limits, headers): they
 * query nothing and import no feature at run time. app.ts, the composition root, hands them
 * what they need from the features (lookups, stores, renderers). Type-only imports are free.
 */
const pluginsStayPlumbing = {
  patterns: [
    serverStaysOnItsSide,
    {
      group: ['../features/*', '../features/**', '**/features/**'],
      allowTypeImports: true,
      message:
        'plugins/ is plumbing the features build on: it imports no feature. Pass what it needs from app.ts (docs/decisions/010-one-owner-per-table.md).',
    },
    foreignTables(allTables, 'plugins/'),
  ],
};

/** app.ts, server.ts, lib/ and config/ wire and help; the features query. */
const outsideFeatures = {
  patterns: [serverStaysOnItsSide, noOtherRepo, foreignTables(allTables, 'This file')],
};

/**
 * Web features own their components: another feature's `components/` is off limits (its `api/`
 * hooks and `lib/` are fine). A page made of several features is composed in
 * `src/app/routes`; a look shared by features goes to `src/components`.
 */
const webFeatureComponents = {
  group: ['@/features/*/components', '@/features/*/components/**', '../../*/components/**'],
  message:
    "A web feature does not reach into another feature's components: compose them in src/app/routes, or move a shared look to src/components (docs/decisions/010-one-owner-per-table.md).",
};

/**
 * Libraries through their public API only (docs/decisions/032-public-apis-only.md): drizzle's
 * internals (`session`, `dialect`, `_`, its row mapping, `drizzle-orm/utils`) and pg-boss's
 * tables change in any release, and drizzle's next major changes `prepareQuery` and its mapper.
 */
const WHY_PUBLIC =
  'an upgrade may change it without notice (docs/decisions/032-public-apis-only.md)';
const publicApisOnly = [
  {
    selector:
      'MemberExpression[property.name=/^(dialect|joinsNotNullableMap|customResultMapper|orderSelectedFields|mapResultRow|selectedFields|decoder|prepareQuery)$/]',
    message: `drizzle internals (dialect, row mappers, selected fields, decoders, prepareQuery): use the query builder, .prepare(name) and .execute(); ${WHY_PUBLIC}.`,
  },
  {
    selector: "MemberExpression[property.name='_']",
    message: `drizzle's \`_\` is internal: use the query builder's public types and methods; ${WHY_PUBLIC}.`,
  },
  {
    selector:
      "MemberExpression[property.name='session'][object.type=/^(TSAsExpression|TSTypeAssertion)$/], MemberExpression[property.name='session'][object.name=/^(db|tx|database|pgliteDb)$/], MemberExpression[property.name='client'][object.property.name='session']",
    message: `drizzle's session is internal: run statements with db.execute or the query builder (pg-boss: queueConnection in db/queue.ts); ${WHY_PUBLIC}.`,
  },
  {
    selector:
      'VariableDeclarator[init.type=/^(TSAsExpression|TSTypeAssertion)$/] > ObjectPattern > Property[key.name=/^(dialect|session)$/]',
    message: `drizzle's dialect and session are internal; ${WHY_PUBLIC}.`,
  },
  {
    selector: "ImportDeclaration[source.value='drizzle-orm/utils']",
    message: `drizzle-orm/utils is not drizzle's public API (mapResultRow, orderSelectedFields); ${WHY_PUBLIC}.`,
  },
  {
    selector:
      'Literal[value=/pgboss\\.(job|archive)\\b/], TemplateElement[value.raw=/pgboss\\.(job|archive)\\b/], TemplateElement[value.raw=/^\\.(job|archive)\\b/]',
    message: `pg-boss's tables are its own: send, cancel, delete and read jobs through pg-boss's API with the caller's db (db/queue.ts); ${WHY_PUBLIC}.`,
  },
];

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
    // The service worker's own script (push-sw.js), served as is.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
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
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...webStaysOnItsSide.patterns, webFeatureComponents] },
      ],
    },
  },
  {
    files: ['apps/server/src/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', outsideFeatures] },
  },
  {
    files: ['apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverStaysOnItsSide, noOtherRepo] }],
    },
  },
  {
    files: ['apps/server/src/plugins/**'],
    rules: { 'no-restricted-imports': ['error', pluginsStayPlumbing] },
  },
  ...serverFeatures.map((feature) => ({
    files: [`apps/server/src/features/${feature}/**`],
    rules: featureRules(feature),
  })),
  {
    // Tests arrange rows directly in any table, as test/ does.
    files: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverStaysOnItsSide] }] },
  },
  {
    files: ['apps/server/src/**'],
    rules: { 'no-restricted-syntax': ['error', ...publicApisOnly] },
  },
  {
    files: ['apps/server/test/**', 'apps/web/e2e/**', '**/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
