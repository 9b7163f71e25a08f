import { describe, expect, it } from 'vitest';
import { describeMonthNoShows } from './stat-comparisons';

describe('describeMonthNoShows', () => {
  it.each([
    [0, 'Nenhuma falta este mês'],
    [1, '1 cliente não compareceu'],
    [3, '3 clientes não compareceram'],
  ])('%i -> %s', (count, text) => {
    expect(describeMonthNoShows(count)).toBe(text);
  });
});
