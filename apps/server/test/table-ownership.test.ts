import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

/**
 * One owner per table (docs/decisions/010-one-owner-per-table.md): the map covers every table,
 * and the lint built from it refuses code that reaches into what another feature owns.
 */
const root = path.resolve(import.meta.dirname, '../../..');

describe('table ownership map', () => {
  it('names an owning feature for every table of the schema', () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(schema.TABLE_OWNERS).sort()).toEqual(tables);
  });

  it('is what eslint.config.js reads from the schema text', async () => {
    const config = (await import(path.join(root, 'eslint.config.js'))) as {
      tableOwners: Record<string, string>;
    };
    expect(config.tableOwners).toEqual(schema.TABLE_OWNERS);
  });
});

describe('lint of imports', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  /** The messages ESLint gives `code` as if it were the file at `file` (relative to the root). */
  async function lint(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  }

  it("refuses a repo that imports another feature's table", async () => {
    const messages = await lint(
      'apps/server/src/features/dashboard/repo.ts',
      "import { clients } from '../../db/schema';\nexport const table = clients;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: 'clients' import .*features\/dashboard does not own this table/,
      ),
    ]);
  });

  // db/schema re-exports db/schema/<owner>.ts; the `**/db/schema` group covers the files under it.
  it("refuses another feature's table imported from its own schema file", async () => {
    const messages = await lint(
      'apps/server/src/features/dashboard/repo.ts',
      "import { clients } from '../../db/schema/clients';\nexport const table = clients;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: 'clients' import .*features\/dashboard does not own this table/,
      ),
    ]);
  });

  it("accepts a repo that imports its own table, and another's table as a type only", async () => {
    const messages = await lint(
      'apps/server/src/features/clients/repo.ts',
      "import { clients } from '../../db/schema';\nimport type { services } from '../../db/schema';\n" +
        'export const table = clients;\nexport type Other = typeof services;\n',
    );
    expect(messages).toEqual([]);
  });

  it('refuses a plugin that imports a feature or a table', async () => {
    const messages = await lint(
      'apps/server/src/plugins/example.ts',
      "import { profiles } from '../db/schema';\nimport { getClient } from '../features/clients/service';\n" +
        'export const used = [profiles, getClient];\n',
    );
    expect(messages).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'profiles' import .*plugins\/ does not own/),
      expect.stringMatching(/^no-restricted-imports: .*plugins\/ is plumbing/),
    ]);
  });

  it("refuses a web feature that reaches into another feature's components", async () => {
    const messages = await lint(
      'apps/web/src/features/billing/components/example.tsx',
      "import { LinkSettings } from '@/features/link/components/link-settings';\nexport const used = LinkSettings;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*does not reach into another feature/),
    ]);
  });
});
