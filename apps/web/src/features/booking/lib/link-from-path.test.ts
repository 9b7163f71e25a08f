import { describe, expect, it } from 'vitest';
import { readLinkFromPath } from './link-from-path';

describe('readLinkFromPath', () => {
  it.each([
    ['/book/studio-ana', 'studio-ana'],
    ['/book/studio-ana/', 'studio-ana'],
    ['/profissional/7d3c9a52-3b1e-4c1a-9a55-2f6f1c0e8b11', '7d3c9a52-3b1e-4c1a-9a55-2f6f1c0e8b11'],
    ['/book/sal%C3%A3o%20', 'salão'],
  ])('%s is the link "%s"', (pathname, link) => {
    expect(readLinkFromPath(pathname)).toBe(link);
  });

  it.each(['/', '/book', '/book/', '/book/a/b', '/dashboard/link', '/book/%E0%A4'])(
    '%s has no link',
    (pathname) => {
      expect(readLinkFromPath(pathname)).toBe('');
    },
  );
});
