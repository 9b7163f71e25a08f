import { describe, expect, it } from 'vitest';
import { getStatusBadge } from './status-badge';

describe('getStatusBadge', () => {
  it.each([
    ['scheduled', 'Agendado', 'default'],
    ['confirmed', 'Confirmado', 'default'],
    ['completed', 'Concluído', 'secondary'],
    ['cancelled', 'Cancelado', 'destructive'],
    ['no_show', 'Não compareceu', 'outline'],
    ['noshow', 'Agendado', 'default'],
    ['', 'Agendado', 'default'],
    ['CANCELLED', 'Agendado', 'default'],
  ])('%j -> %s (%s)', (status, label, variant) => {
    expect(getStatusBadge(status)).toEqual({ label, variant });
  });
});
