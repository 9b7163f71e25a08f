import { describe, expect, it } from 'vitest';
import { birthdayInputSchema, formatBirthday, maskBirthday, parseBirthday } from './birthday';

describe('parseBirthday', () => {
  it.each([
    ['25/12', { monthDay: '12-25', birthDate: null }],
    ['25/12/1990', { monthDay: '12-25', birthDate: '1990-12-25' }],
    ['29/02', { monthDay: '02-29', birthDate: null }],
    ['29/02/2000', { monthDay: '02-29', birthDate: '2000-02-29' }],
    [' 01/01 ', { monthDay: '01-01', birthDate: null }],
  ])('%s', (text, expected) => {
    expect(parseBirthday(text)).toEqual(expected);
    expect(formatBirthday(expected)).toBe(text.trim());
  });

  it.each(['31/02', '29/02/1991', '00/05', '32/01', '10/13', '1/1', '25-12', '25/12/90'])(
    'refuses %s',
    (text) => expect(parseBirthday(text)).toBeNull(),
  );
});

describe('maskBirthday', () => {
  it.each([
    ['2', '2'],
    ['25', '25'],
    ['251', '25/1'],
    ['2512', '25/12'],
    ['25/12/19901', '25/12/1990'],
    ['25/12/', '25/12'],
  ])('%s → %s', (typed, masked) => expect(maskBirthday(typed)).toBe(masked));
});

describe('birthdayInputSchema', () => {
  it('tells the shape from an impossible date, in pt-BR; empty clears', () => {
    const messageOf = (birthday: string) =>
      birthdayInputSchema.safeParse({ birthday }).error?.issues[0]?.message;
    expect(messageOf('31/04')).toBe('Essa data não existe');
    expect(messageOf('3/4')).toBe('Use o formato dd/mm ou dd/mm/aaaa');
    expect(birthdayInputSchema.parse({ birthday: '' })).toEqual({ birthday: null });
  });
});
