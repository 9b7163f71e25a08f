import { describe, expect, it } from 'vitest';
import { isSameName } from './privacy';

describe('isSameName (the typed confirmation of "Excluir dados pessoais")', () => {
  it.each([
    ['Joana Prado', 'Joana Prado', true],
    ['  joana   PRADO ', 'Joana Prado', true],
    ['Quitéria', 'Quitéria', true],
    ['Quiteria', 'Quitéria', false],
    ['Joana', 'Joana Prado', false],
    ['', 'Joana Prado', false],
    ['   ', ' ', false],
  ])('%j against %j: %s', (typed, name, expected) => {
    expect(isSameName(typed, name)).toBe(expected);
  });
});
