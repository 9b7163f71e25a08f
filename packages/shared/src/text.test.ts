import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingContactSchema } from './booking-schemas';
import { clientInputSchema } from './client-schemas';
import { cleanText, hasLoneSurrogate, optionalPhone, optionalText, requiredText } from './text';

const NAME = requiredText({
  max: 100,
  required: 'Nome é obrigatório',
  tooLong: 'Nome muito longo',
});
const NOTES = optionalText(1000, 'Notas muito longas', { multiline: true });

/** Characters that show nothing, as found in pasted text and in the probe that filed issue 18. */
const INVISIBLES = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u034f',
  '\u0085',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u009f',
  '\u202e',
  '\u2066',
  '\u180e',
  '\u3164',
  '\u115f',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  ' ',
  '\u00a0',
  '\u3000',
  // Blank-looking symbols and fillers (issue 44): braille blank, object and replacement
  // characters, the null notehead, the Hangul fillers. Not a combining mark: next to a letter
  // it is part of it ("A" + U+0301 is "Á"), so it is no noise (the lone one is tested below).
  '\u2800',
  '\ufffc',
  '\ufffd',
  '\u{1d159}',
  '\u1160',
  '\uffa0',
];
const invisible = fc.constantFrom(...INVISIBLES);
const invisibleText = fc.array(invisible, { minLength: 1, maxLength: 30 }).map((a) => a.join(''));

describe('requiredText (names)', () => {
  it('refuses any mix of invisible characters with the field’s own message', () => {
    fc.assert(
      fc.property(invisibleText, (value) => {
        const result = NAME.safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('Nome é obrigatório');
      }),
    );
  });

  it('refuses a lone surrogate anywhere, however much else is there', () => {
    const lone = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
    fc.assert(
      fc.property(fc.string(), lone, fc.string(), (before, surrogate, after) => {
        const result = NAME.safeParse(`Ana${before}${surrogate}${after}`);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('Texto inválido');
      }),
    );
  });

  it('keeps what is visible: the output is NFC, trimmed, without invisibles, and idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), invisibleText, (text, noise) => {
        const result = NAME.safeParse(`${noise}${text}${noise}`);
        if (!result.success) return;
        const name = result.data;
        expect(name).toBe(name.normalize('NFC'));
        expect(name).toBe(name.trim());
        expect(hasLoneSurrogate(name)).toBe(false);
        expect(name).not.toMatch(/[\u200b\u200e\u200f\u2060\ufeff\u00ad\u0085\n\r\t\p{Cc}]/u);
        expect(NAME.parse(name)).toBe(name);
      }),
    );
  });

  it('never refuses a name with a letter in it, and keeps that letter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'é', 'ñ', '李', 'ж', '9'),
        invisibleText,
        (letter, noise) => {
          expect(NAME.parse(`${noise}${letter}${noise}`)).toContain(letter);
        },
      ),
    );
  });

  it('composes to NFC and keeps emoji sequences whole', () => {
    expect(NAME.parse('Jose\u0301')).toBe('José');
    expect(NAME.parse('\u200bAna\u00a0Souza\u200e')).toBe('Ana Souza');
    expect(NAME.parse('Ana\nSouza')).toBe('Ana Souza');
    expect(NAME.parse('👩‍💻 Ana')).toBe('👩‍💻 Ana');
  });
});

describe('optionalText (notes)', () => {
  it('keeps line breaks in notes, one kind of them', () => {
    expect(NOTES.parse('Primeira linha\r\nSegunda\u2028Terceira')).toBe(
      'Primeira linha\nSegunda\nTerceira',
    );
    expect(cleanText('a\nb')).toBe('a b');
  });

  it('turns invisible-only notes into null', () => {
    fc.assert(
      fc.property(invisibleText, (value) => {
        expect(NOTES.parse(value)).toBeNull();
      }),
    );
  });
});

describe('optionalPhone', () => {
  const PHONE = optionalPhone(20, 'Telefone muito longo');

  it('stores digits with an optional leading +', () => {
    expect(PHONE.parse('(11) 98765-4321')).toBe('11987654321');
    expect(PHONE.parse(' +55 (21) 3333-1234 ')).toBe('+552133331234');
    expect(PHONE.parse('')).toBeNull();
    expect(PHONE.parse('\u200b')).toBeNull();
  });

  it('refuses text without digits, and keeps the length rule on what was typed', () => {
    expect(PHONE.safeParse('abc').error?.issues[0]?.message).toBe('Telefone inválido');
    expect(PHONE.safeParse('9'.repeat(21)).error?.issues[0]?.message).toBe('Telefone muito longo');
  });

  it('always yields null or digits with an optional leading +', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const result = PHONE.safeParse(value);
        if (result.success && result.data !== null) expect(result.data).toMatch(/^\+?\d+$/);
      }),
    );
  });
});

describe('blank-looking symbols (issue 44)', () => {
  it('are no name, alone or together', () => {
    for (const value of ['\u2800', '\ufffc', '\ufffd', '\u{1d159}', '\u2800\ufffd\u0301']) {
      expect(NAME.safeParse(value).error?.issues[0]?.message, JSON.stringify(value)).toBe(
        'Nome é obrigatório',
      );
    }
  });

  it('the braille blank is a space, the placeholders go, a broken character stays', () => {
    expect(NAME.parse('Ana\u2800Souza\u2800')).toBe('Ana Souza');
    expect(NAME.parse('\ufffcAna\u{1d159}')).toBe('Ana');
    expect(NAME.parse('Jo\ufffdo')).toBe('Jo\ufffdo');
  });
});

describe('the forms use it', () => {
  it('client and booking names made of invisibles are refused', () => {
    expect(clientInputSchema.safeParse({ name: '\u200b\u0085' }).success).toBe(false);
    const contact = { clientName: '\ufeff\u200e', clientEmail: 'ana@exemplo.com' };
    expect(bookingContactSchema.safeParse(contact).error?.issues[0]?.message).toBe(
      'Nome é obrigatório',
    );
  });
});
