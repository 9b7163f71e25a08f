// Import rules run by `npm run lint` (docs/ARCHITECTURE.md): the server's features and no file
// cycles anywhere. ESLint keeps the rest (shared stays pure, one owner per table, plugins).
import path from 'node:path';

const FEATURE = '^apps/server/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'feature-public-face',
      severity: 'error',
      comment:
        'Another feature is reached through its service.ts (or types.ts) only: its other files can change without touching you. Re-export what you need from its service.ts, or move a helper several features use to lib/.',
      from: { path: FEATURE },
      to: {
        path: '^apps/server/src/features/',
        pathNot: [
          '^apps/server/src/features/$1/',
          '^apps/server/src/features/[^/]+/(service|types)\\.ts$',
        ],
      },
    },
    {
      name: 'repo-imports-types-only',
      severity: 'error',
      comment:
        "A repo.ts queries its own tables; it takes other features' subqueries as arguments and imports only their types.ts (docs/decisions/010-one-owner-per-table.md).",
      from: { path: '^apps/server/src/features/([^/]+)/repo(\\.ts|/[^/]+\\.ts)$' },
      to: {
        path: '^apps/server/src/features/',
        pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/types\\.ts$'],
      },
    },
    {
      name: 'no-feature-cycle',
      severity: 'error',
      comment:
        'Features import each other in one direction. A cycle means two features must change together: move the shared part down to lib/ or to the lower feature, or let app.ts pass a function in.',
      scope: 'folder',
      from: { path: '^apps/server/src/features/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment:
        'Two files that import each other load in an order that depends on who came first. Move what both need to a third file.',
      from: { path: '^(apps/(server|web)/src|packages/shared/src)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // The web app's `@/` alias.
    tsConfig: { fileName: path.join(import.meta.dirname, 'apps/web/tsconfig.json') },
    // Tests import freely; plugins/ may name a feature's types only (ESLint), and a type is no
    // load-order cycle.
    exclude: { path: ['\\.test\\.ts$', '^apps/server/src/plugins/'] },
  },
};
