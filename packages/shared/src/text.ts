import { z } from 'zod';

/**
 * Names and notes as people read them: a value that shows nothing (only zero-width or control
 * characters, "\u200b", "\u0085", a BOM) is no name, and a broken UTF-16 string (a lone
 * surrogate) is no text. Every name and notes field goes through `requiredText` or
 * `optionalText`, in the web forms and on the server alike. Symbols that draw a blank or a mere
 * placeholder (braille blank, object and replacement characters, the null notehead) do not count
 * as something to see either (issue 44).
 */

export const INVALID_TEXT_MESSAGE = 'Texto inválido';

/** A high surrogate not followed by a low one, or a low one without its high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Line breaks of any kind: one "\n" in notes, a space in a one-line name. */
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
/**
 * Tabs and the other space characters (no-break, em, ideographic...) become a plain space, and
 * so does the braille blank (U+2800), a symbol that draws as one.
 */
const SPACES = /[\t\p{Zs}\u2800]/gu;
/**
 * What shows nothing: the remaining controls (Cc), format characters (Cf: zero-width spaces,
 * direction marks, BOM, soft hyphen...) except the joiners that shape emoji and some scripts,
 * the combining grapheme joiner, the Hangul fillers, the object replacement character (a
 * placeholder for nothing) and the musical null notehead (a symbol drawn blank).
 */
const INVISIBLE =
  /(?![\n\u200C\u200D])[\p{Cc}\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\uFFFC\u{1D159}]/gu;
/**
 * Something a reader can see: a letter, digit, punctuation or symbol, but not one that draws a
 * blank (the fillers and symbols above, should they reach the test uncleaned) nor U+FFFD, the
 * mark of a broken character: kept in the text, but no name by itself.
 */
const VISIBLE = /(?![\u115F\u1160\u2800\u3164\uFFA0\uFFFC\uFFFD\u{1D159}])[\p{L}\p{N}\p{P}\p{S}]/u;

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * NFC, line breaks unified ("\n" when `multiline`, else a space), other spaces made plain,
 * invisible characters removed, then trimmed. Only for well-formed strings (no lone surrogate).
 */
export function cleanText(value: string, options: { multiline?: boolean } = {}): string {
  return value
    .normalize('NFC')
    .replace(LINE_BREAKS, options.multiline ? '\n' : ' ')
    .replace(SPACES, ' ')
    .replace(INVISIBLE, '')
    .trim();
}

export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

interface TextRule {
  max: number;
  tooLong: string;
  multiline?: boolean;
}

/** Cleaned text, or '' when nothing visible remains; lone surrogates refused. */
function cleanedString(rule: TextRule, typeMessage: string) {
  return z
    .string({ error: typeMessage })
    .refine((value) => !hasLoneSurrogate(value), INVALID_TEXT_MESSAGE)
    .transform((value) => {
      const cleaned = cleanText(value, rule);
      return hasVisibleText(cleaned) ? cleaned : '';
    })
    .pipe(z.string().max(rule.max, rule.tooLong));
}

/** A required name: `required` is also the answer when nothing visible remains. */
export function requiredText(rule: TextRule & { required: string }) {
  return cleanedString(rule, rule.required).pipe(z.string().min(1, rule.required));
}

/** Optional free text: empty, invisible-only, null or missing all become null (forms send ''). */
export function optionalText(max: number, tooLong: string, options: { multiline?: boolean } = {}) {
  return cleanedString({ max, tooLong, ...options }, INVALID_TEXT_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const INVALID_PHONE_MESSAGE = 'Telefone inválido';

/**
 * An optional phone, stored as digits with an optional leading "+" ("(11) 98765-4321" →
 * "11987654321"); the length rule applies to what was typed. Text without digits is refused.
 */
export function optionalPhone(max: number, tooLong: string) {
  return optionalText(max, tooLong)
    .refine((value) => value === null || /\d/.test(value), INVALID_PHONE_MESSAGE)
    .transform((value) => {
      if (value === null) return null;
      return `${value.startsWith('+') ? '+' : ''}${value.replace(/\D/g, '')}`;
    });
}
