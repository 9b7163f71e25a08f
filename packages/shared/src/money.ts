import { z } from 'zod';

/**
 * Money as people in Brazil type it: `45,50`, `45.50`, `45.5`, `R$ 45,50`, `1.234,56`, `1234,56`,
 * `1.234`. A comma is always the decimal mark; a dot is the decimal mark only when one or two
 * digits follow it, otherwise it groups thousands (`1.234` is one thousand two hundred and
 * thirty-four reais, as a Brazilian reads it). Parsed digit by digit into integer cents, so no
 * float ever rounds a price.
 */

export const MONEY_EMPTY_MESSAGE = 'Informe um valor';
export const MONEY_INVALID_MESSAGE = 'Valor inválido. Digite apenas números, como 45,50';
export const MONEY_NEGATIVE_MESSAGE = 'O valor não pode ser negativo';
export const MONEY_DECIMALS_MESSAGE = 'Use no máximo duas casas decimais (centavos)';
export const MONEY_TOO_LARGE_MESSAGE = 'Valor muito alto';

/** Reais digits kept exact as integer cents (Number.MAX_SAFE_INTEGER has 16 digits). */
const MAX_REAIS_DIGITS = 13;

export type MoneyParseResult =
  | { ok: true; cents: number }
  | {
      ok: false;
      reason: 'empty' | 'invalid' | 'negative' | 'decimals' | 'too-large';
      message: string;
    };

const fail = (
  reason: Exclude<MoneyParseResult, { ok: true }>['reason'],
  message: string,
): MoneyParseResult => ({ ok: false, reason, message });

const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/** Splits the text (without sign or "R$") into reais digits and decimal digits, or says why not. */
function split(text: string): { reais: string; decimals: string } | MoneyParseResult {
  const comma = text.lastIndexOf(',');
  if (comma !== -1) {
    const reais = text.slice(0, comma);
    const decimals = text.slice(comma + 1);
    if (!/^\d*$/.test(decimals)) return fail('invalid', MONEY_INVALID_MESSAGE);
    // ",5" is fifty cents; "," alone is nothing.
    const isReais = /^\d+$/.test(reais) || GROUPED.test(reais) || (reais === '' && decimals !== '');
    if (!isReais) return fail('invalid', MONEY_INVALID_MESSAGE);
    return { reais: reais.replaceAll('.', ''), decimals };
  }
  if (/^\d+$/.test(text)) return { reais: text, decimals: '' };
  if (GROUPED.test(text)) return { reais: text.replaceAll('.', ''), decimals: '' };
  const decimal = /^(\d*)\.(\d+)$/.exec(text);
  if (decimal && decimal[1]! + decimal[2]! !== '') {
    return { reais: decimal[1]!, decimals: decimal[2]! };
  }
  return fail('invalid', MONEY_INVALID_MESSAGE);
}

/** Reads what a person typed as BRL; integer cents or a pt-BR message saying what is wrong. */
export function parseBrlToCents(raw: string): MoneyParseResult {
  // Spaces of any kind (Intl puts a no-break space after "R$") carry no meaning.
  let text = raw.replace(/\s+/g, '');
  if (text === '') return fail('empty', MONEY_EMPTY_MESSAGE);
  let isNegative = false;
  if (text.startsWith('-')) {
    isNegative = true;
    text = text.slice(1);
  }
  if (/^r\$/i.test(text)) text = text.slice(2);
  if (text.startsWith('-')) {
    isNegative = true;
    text = text.slice(1);
  }
  if (text === '') return fail('empty', MONEY_EMPTY_MESSAGE);
  const parts = split(text);
  if ('ok' in parts) return parts;
  if (isNegative) return fail('negative', MONEY_NEGATIVE_MESSAGE);
  if (parts.decimals.length > 2) return fail('decimals', MONEY_DECIMALS_MESSAGE);
  const reais = parts.reais.replace(/^0+(?=\d)/, '');
  if (reais.length > MAX_REAIS_DIGITS) return fail('too-large', MONEY_TOO_LARGE_MESSAGE);
  const cents = Number(reais || '0') * 100 + Number(parts.decimals.padEnd(2, '0'));
  return { ok: true, cents };
}

/** Integer cents as typed in a money field, without the currency: 123456 -> "1.234,56". */
export function formatCentsForInput(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`Not an amount in cents: ${String(cents)}`);
  }
  const reais = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${reais},${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A money field's text to integer cents, with the parser's pt-BR message on the field.
 * `emptyMessage` names what is missing ("Informe o preço").
 */
export function moneyTextSchema(emptyMessage = MONEY_EMPTY_MESSAGE) {
  return z.string().transform((raw, ctx) => {
    const result = parseBrlToCents(raw);
    if (result.ok) return result.cents;
    ctx.addIssue({
      code: 'custom',
      message: result.reason === 'empty' ? emptyMessage : result.message,
    });
    return z.NEVER;
  });
}
