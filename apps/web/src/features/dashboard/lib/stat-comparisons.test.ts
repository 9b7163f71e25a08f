import { describe, expect, it } from 'vitest';
import {
  describeDayChange,
  describeMonthAppointmentsChange,
  describeNewClients,
  describeRevenueChange,
  formatPercentChange,
} from './stat-comparisons';

describe('describeDayChange', () => {
  it.each([
    [5, 3, '+2 desde ontem'],
    [2, 3, '-1 desde ontem'],
    [4, 4, 'Igual a ontem'],
    [0, 0, 'Igual a ontem'],
    [1, 0, '+1 desde ontem'],
    [0, 12, '-12 desde ontem'],
  ])('today %i, yesterday %i -> "%s"', (today, yesterday, expected) => {
    expect(describeDayChange(today, yesterday)).toBe(expected);
  });
});

describe('formatPercentChange', () => {
  it.each([
    [120_100, 100_000, '+20,1%'],
    [112, 100, '+12%'],
    [50, 100, '-50%'],
    [1, 3, '-66,7%'],
    [2, 3, '-33,3%'],
    [300, 100, '+200%'],
    [1_000_049, 1_000_000, '0%'],
    [100, 100, '0%'],
    [5, 0, null],
    [0, 0, null],
  ])('%i against %i -> %s', (current, previous, expected) => {
    expect(formatPercentChange(current, previous)).toBe(expected);
  });
});

describe('month sub-texts', () => {
  it.each([
    [120_100, 100_000, '+20,1% em relação ao mês passado'],
    [0, 4_500, '-100% em relação ao mês passado'],
    [9_000, 9_000, 'Igual ao mês passado'],
    [4_500, 0, 'Sem faturamento no mês passado'],
    [0, 0, 'Sem faturamento no mês passado'],
  ])('revenue %i cents against %i -> "%s"', (current, previous, expected) => {
    expect(describeRevenueChange(current, previous)).toBe(expected);
  });

  it.each([
    [28, 25, '+12% em relação ao mês passado'],
    [3, 4, '-25% em relação ao mês passado'],
    [7, 0, 'Nenhum agendamento no mês passado'],
    [10, 10, 'Igual ao mês passado'],
  ])('appointments %i against %i -> "%s"', (current, previous, expected) => {
    expect(describeMonthAppointmentsChange(current, previous)).toBe(expected);
  });
});

describe('describeNewClients', () => {
  it.each([
    [0, 'Nenhum cliente novo este mês'],
    [1, '+1 novo cliente este mês'],
    [5, '+5 novos clientes este mês'],
  ])('%i -> "%s"', (count, expected) => {
    expect(describeNewClients(count)).toBe(expected);
  });
});
