/**
 * Formats an amount in cents as BRL in pt-BR ("R$ 15,00", "-R$ 1.234,50"), as
 * Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }) writes it but with a plain
 * space after "R$" (it reads and matches the same everywhere). Cents avoid float drift in sums.
 *
 * Written out, not asked of Intl: the first Intl formatter a browser tab builds loads the
 * locale's data, 35–96 ms of a fresh tab's main thread on this kind of machine (a cheap phone is
 * slower), and the public pages format prices while they hydrate (docs/decisions/023).
 * format.test.ts checks this against Intl.
 */
export function formatCurrencyFromCents(cents: number): string {
  const whole = Math.round(cents);
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Not an amount in cents: ${cents}`);
  const sign = whole < 0 ? '-' : '';
  const digits = String(Math.abs(whole)).padStart(3, '0');
  const reais = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}R$ ${reais},${digits.slice(-2)}`;
}

/** Formats a decimal string or number of reais ("15.5") as BRL. */
export function formatCurrency(value: number | string): string {
  return formatCurrencyFromCents(toCents(value));
}

/** Converts reais (number or numeric string from PostgreSQL) to integer cents. */
export function toCents(value: number | string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) throw new RangeError(`Not a money amount: ${String(value)}`);
  return Math.round(n * 100);
}

/** "2026-11-21" -> "21/11/2026". Works on the calendar date itself, no time zone involved. */
export function formatIsoDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Not an ISO date: ${isoDate}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

const WEEKDAYS = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

function isoDateParts(isoDate: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  if (!match || month < 1 || month > 12 || day < 1 || day > 31) {
    throw new RangeError(`Not an ISO date: ${isoDate}`);
  }
  return { year, month, day };
}

/**
 * The weekday of an ISO calendar date in pt-BR: "terça-feira", or "ter" short. Like the money
 * above, written out rather than asked of Intl, for the public pages' first paint.
 */
export function formatWeekday(isoDate: string, style: 'long' | 'short' = 'long'): string {
  const { year, month, day } = isoDateParts(isoDate);
  const name = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return style === 'long' ? name : name.slice(0, 3);
}

/** "2026-11-24" -> "terça-feira, 24 de novembro de 2026", as Intl's pt-BR long date writes it. */
export function formatLongIsoDate(isoDate: string): string {
  const { year, month, day } = isoDateParts(isoDate);
  return `${formatWeekday(isoDate)}, ${day} de ${MONTHS[month - 1]!} de ${year}`;
}

/** "09:00:00" or "09:00" -> "09:00". */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

/**
 * A stored phone as Brazilians write it: a Brazilian number in E.164 (how clients' phones are
 * stored, issue 47) or digits alone → "(11) 98765-4321", "(11) 3333-4444". A foreign number
 * ("+" not followed by 55) is shown as stored: its digits follow another plan; so are other lengths.
 */
export function formatPhone(phone: string): string {
  if (phone.startsWith('+') && !phone.startsWith('+55')) return phone;
  const digits = phone.replace(/\D/g, '');
  const national = (local: string) =>
    `(${local.slice(0, 2)}) ${local.slice(2, -4)}-${local.slice(-4)}`;
  if (phone.startsWith('+55') && (digits.length === 12 || digits.length === 13)) {
    return national(digits.slice(2));
  }
  if (digits.length === 10 || digits.length === 11) return national(digits);
  return phone;
}
