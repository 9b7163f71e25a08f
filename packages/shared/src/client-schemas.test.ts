import { describe, expect, it } from 'vitest';
import {
  clientInputSchema,
  clientListQuerySchema,
  clientUpdateSchema,
  toSearchTerm,
} from './client-schemas';

function firstMessage(input: unknown): string | undefined {
  const result = clientInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('client form schema (docs/product.md section 5)', () => {
  it('trims and turns empty optional fields into null', () => {
    expect(
      clientInputSchema.parse({ name: '  Bia ', email: '', phone: ' ', notes: undefined }),
    ).toEqual({ name: 'Bia', email: null, phone: null, notes: null });
  });

  it('keeps the given values, the phone as digits', () => {
    expect(
      clientInputSchema.parse({
        name: 'Bia',
        email: 'bia@exemplo.com.br',
        phone: '(11) 98765-4321',
        notes: 'Prefere manhã',
      }),
    ).toEqual({
      name: 'Bia',
      email: 'bia@exemplo.com.br',
      phone: '11987654321',
      notes: 'Prefere manhã',
    });
  });

  it.each([
    [{ name: '' }, 'Nome é obrigatório'],
    [{ name: '   ' }, 'Nome é obrigatório'],
    [{}, 'Nome é obrigatório'],
    [{ name: 'x'.repeat(101) }, 'Nome muito longo'],
    [{ name: 'Bia', email: 'bia@' }, 'Email inválido'],
    [{ name: 'Bia', email: 'sem arroba' }, 'Email inválido'],
    [{ name: 'Bia', email: `${'x'.repeat(250)}@exemplo.com` }, 'Email muito longo'],
    [{ name: 'Bia', phone: '1'.repeat(21) }, 'Telefone muito longo'],
    [{ name: 'Bia', notes: 'x'.repeat(1001) }, 'Notas muito longas'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts the limits', () => {
    expect(
      clientInputSchema.safeParse({
        name: 'x'.repeat(100),
        phone: '1'.repeat(20),
        notes: 'x'.repeat(1000),
      }).success,
    ).toBe(true);
  });

  it('lets an update carry any subset', () => {
    expect(clientUpdateSchema.parse({ phone: '' })).toEqual({ phone: null });
    expect(clientUpdateSchema.parse({})).toEqual({});
  });
});

describe('client list query', () => {
  it('defaults to the first page of 50, newest first, without search', () => {
    expect(clientListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50, sort: 'recent' });
    expect(clientListQuerySchema.parse({ search: '  ' }).search).toBeUndefined();
  });

  it('reads numbers from the query string and refuses bad ones', () => {
    expect(clientListQuerySchema.parse({ page: '3', pageSize: '10' })).toMatchObject({
      page: 3,
      pageSize: 10,
    });
    expect(clientListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
  });
});

describe('search terms', () => {
  it.each([
    ['98765', { kind: 'digits', pattern: '%98765%' }],
    ['(11) 98765-4321', { kind: 'digits', pattern: '%11987654321%' }],
    ['+55 11', { kind: 'digits', pattern: '%5511%' }],
    ['joão', { kind: 'text', pattern: '%joão%' }],
    ['ana 1', { kind: 'text', pattern: '%ana 1%' }],
    ['50%_off\\', { kind: 'text', pattern: '%50\\%\\_off\\\\%' }],
    ['---', { kind: 'text', pattern: '%---%' }],
  ])('%j is matched as %j', (search, term) => {
    expect(toSearchTerm(search)).toEqual(term);
  });
});
