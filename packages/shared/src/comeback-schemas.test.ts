import { describe, expect, it } from 'vitest';
import { checkAnswers, answerText, type FormField } from './anamnesis-schemas';
import { fillAutomationText } from './comeback-schemas';

describe('fillAutomationText', () => {
  it('fills the placeholders, each part of typed text apart from the link', () => {
    const values = { name: 'Ana', service: 'Corte', link: 'https://x.test/book/a?servico=1' };
    expect(fillAutomationText('Oi {nome}, {servico}: {link}', values)).toBe(
      'Oi Ana, Corte: https://x.test/book/a?servico=1',
    );
    expect(
      fillAutomationText(
        '{nome} {link} {nome}',
        values,
        (typed) => typed.toUpperCase(),
        () => 'L',
      ),
    ).toBe('ANA L ANA');
  });
});

const fields: FormField[] = [
  { id: 'a', label: 'Alergias', type: 'short_text', required: true, options: [] },
  { id: 'b', label: 'Gestante?', type: 'yes_no', required: true, options: [] },
  { id: 'c', label: 'Pele', type: 'many_choices', required: false, options: ['Seca', 'Oleosa'] },
  { id: 'd', label: 'Nascimento', type: 'date', required: false, options: [] },
];

describe('checkAnswers', () => {
  it.each([
    [{ b: true }, 'Responda: Alergias'],
    [{ a: 'x', b: 'sim' }, 'Gestante?: responda sim ou não'],
    [{ a: 'x', b: false, c: ['Mista'] }, 'Pele: escolha entre as opções'],
    [{ a: 'x', b: false, d: '2026-02-30' }, 'Nascimento: data inválida'],
  ])('%j → %s', (answers, error) => {
    expect(checkAnswers(fields, answers)).toEqual({ error });
  });

  it('keeps the answers of the version, trimmed, and drops unknown ones', () => {
    expect(checkAnswers(fields, { a: ' pólen ', b: false, z: 'x' })).toEqual({
      answers: { a: 'pólen', b: false },
    });
    expect(answerText(fields[3]!, '1990-05-17')).toBe('17/05/1990');
    expect(answerText(fields[1]!, true)).toBe('Sim');
    expect(answerText(fields[2]!, undefined)).toBe('—');
  });
});
