import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules (.dependency-cruiser.mjs, run by `npm run lint`): each is shown to pass on
 * the tree as it is, and to fail on a small tree planted to break it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let planted: string;

async function violationsIn(baseDir: string, dirs: string[]): Promise<IViolation[]> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'));
  const result = await cruise(dirs, { ...options, baseDir, outputType: 'json', validate: true });
  const output =
    typeof result.output === 'string'
      ? (JSON.parse(result.output) as ICruiseResult)
      : result.output;
  return output.summary.violations;
}

/** Writes `files` (path → source) under a fresh temporary folder shaped like the repository. */
function plant(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-imports-'));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

const F = 'apps/server/src/features';

beforeAll(() => {
  planted = plant({
    // A cycle between two features, through their public faces.
    [`${F}/alpha/service.ts`]: "import { b } from '../beta/service';\nexport const a = () => b;\n",
    [`${F}/beta/service.ts`]: "import { a } from '../alpha/service';\nexport const b = () => a;\n",
    // A feature reaching past another's public face.
    [`${F}/gamma/service.ts`]: "import { d } from '../delta/helpers';\nexport const c = d;\n",
    [`${F}/delta/helpers.ts`]: 'export const d = 1;\n',
    // A repo importing another feature's service (types only are allowed).
    [`${F}/epsilon/repo.ts`]: "import { z } from '../zeta/service';\nexport const e = z;\n",
    [`${F}/zeta/service.ts`]: 'export const z = 1;\n',
    // Two files of the web app that load each other (type-only imports are no cycle).
    'apps/web/src/lib/one.ts': "import { two } from './two';\nexport const one = () => two;\n",
    'apps/web/src/lib/two.ts': "import { one } from './one';\nexport const two = () => one;\n",
    'apps/web/src/lib/three.ts': "import type { Four } from './four';\nexport type Three = Four;\n",
    'apps/web/src/lib/four.ts':
      "import type { Three } from './three';\nexport type Four = Three | 1;\n",
  });
});

afterAll(() => fs.rmSync(planted, { recursive: true, force: true }));

describe('imports between features', () => {
  it('hold on the tree as it is', async () => {
    const violations = await violationsIn(root, [
      'apps/server/src',
      'apps/web/src',
      'packages/shared/src',
    ]);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 60_000);

  it('refuse a cycle, a reach past a public face and a repo importing a service', async () => {
    const violations = await violationsIn(planted, ['apps/server/src', 'apps/web/src']);
    const named = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(named).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-feature-cycle: .*features\/(alpha|beta)/),
        `feature-public-face: ${F}/gamma/service.ts -> ${F}/delta/helpers.ts`,
        `repo-imports-types-only: ${F}/epsilon/repo.ts -> ${F}/zeta/service.ts`,
        'no-file-cycle: apps/web/src/lib/one.ts -> apps/web/src/lib/two.ts',
      ]),
    );
    expect(named.filter((name) => /three|four/.test(name))).toEqual([]);
  }, 60_000);
});
