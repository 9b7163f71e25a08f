import { z } from 'zod';
import { isIsoDate } from './iso-date';

/**
 * A client's birthday as a person in Brazil types it: "dd/mm" or "dd/mm/aaaa" (the year is
 * optional: a greeting needs only the day). Stored as "MM-DD" and, with the year, a date.
 */
export interface Birthday {
  /** "MM-DD", what the automations' tick looks up. */
  monthDay: string;
  /** "YYYY-MM-DD" when the year was given. */
  birthDate: string | null;
}

export const BIRTHDAY_FORMAT_MESSAGE = 'Use o formato dd/mm ou dd/mm/aaaa';
export const BIRTHDAY_IMPOSSIBLE_MESSAGE = 'Essa data não existe';

const PATTERN = /^(\d{2})\/(\d{2})(?:\/(\d{4}))?$/;

/** The birthday in the text, null for an impossible one (31/02, 29/02/1991, 00/05). */
export function parseBirthday(text: string): Birthday | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [match[1]!, match[2]!, match[3]];
  // 2000 is a leap year: 29/02 without a year is a birthday.
  if (!isIsoDate(`${year ?? '2000'}-${month}-${day}`)) return null;
  return { monthDay: `${month}-${day}`, birthDate: year ? `${year}-${month}-${day}` : null };
}

/** Back to the typed form: "25/12" or "25/12/1990". */
export function formatBirthday(birthday: Birthday): string {
  const [month, day] = birthday.monthDay.split('-');
  return birthday.birthDate
    ? `${day}/${month}/${birthday.birthDate.slice(0, 4)}`
    : `${day}/${month}`;
}

/** While typing: digits only, the slashes put in ("2512" → "25/12"). */
export function maskBirthday(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** `PUT /api/comeback/clients/:id/birthday` and the client page's form; "" clears it. */
export const birthdayInputSchema = z.object({
  birthday: z
    .string({ error: BIRTHDAY_FORMAT_MESSAGE })
    .trim()
    .max(10, BIRTHDAY_FORMAT_MESSAGE)
    .superRefine((value, ctx) => {
      if (value === '') return;
      if (!PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: BIRTHDAY_FORMAT_MESSAGE });
      else if (!parseBirthday(value)) {
        ctx.addIssue({ code: 'custom', message: BIRTHDAY_IMPOSSIBLE_MESSAGE });
      }
    })
    .nullish()
    .transform((value): Birthday | null => (value ? parseBirthday(value) : null)),
});
export type BirthdayInput = z.input<typeof birthdayInputSchema>;
export type BirthdayValues = z.output<typeof birthdayInputSchema>;
