import { describe, expect, it } from 'vitest';
import { getEmailInitials } from './user-initials';

describe('getEmailInitials', () => {
  it.each([
    ['ana.souza@exemplo.com', 'AN'],
    ['joao@exemplo.com', 'JO'],
    ['j@exemplo.com', 'J'],
    ['Maria@Exemplo.com', 'MA'],
    ['élida@exemplo.com', 'ÉL'],
    ['  bruno@exemplo.com ', 'BR'],
    ['42loja@exemplo.com', '42'],
    ['@exemplo.com', '?'],
  ])('%s -> %s', (email, expected) => {
    expect(getEmailInitials(email)).toBe(expected);
  });
});
