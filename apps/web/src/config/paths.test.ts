import { APP_PAGE_PATHS, isAppPagePath } from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

/** Every `path` of the route table, however deep. */
function routePaths(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(routePaths)];
}

describe('the pages the server answers 200', () => {
  it('are exactly the routes of the app (shared APP_PAGE_PATHS)', () => {
    expect([...APP_PAGE_PATHS].sort()).toEqual(routePaths(paths).sort());
  });

  it.each([
    ['/dashboard/settings', true],
    ['/Dashboard/Settings/', true],
    ['/book/demo', true],
    ['/book/', false],
    ['/book/demo/extra', false],
    ['/dashboard//clients', false],
    ['/nada', false],
  ])('isAppPagePath(%s) is %s', (pathname, expected) => {
    expect(isAppPagePath(pathname)).toBe(expected);
  });
});
