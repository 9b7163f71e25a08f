const currencyFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Formats an amount in cents as BRL in pt-BR ("R$ 15,00"). Cents avoid float drift in sums. */
export function formatCurrencyFromCents(cents: number): string {
  // Intl uses a no-break space after "R$"; a plain space reads and matches the same everywhere.
  return currencyFormatter.format(cents / 100).replace(/\u00a0/g, ' ');
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

/** "09:00:00" or "09:00" -> "09:00". */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

/**
 * A stored phone (digits with an optional leading "+", shared/text.ts) as Brazilians write it:
 * "11987654321" → "(11) 98765-4321", "+551133334444" → "+55 (11) 3333-4444"; other lengths as stored.
 * A foreign number ("+" not followed by 55) is shown as stored: its digits follow another plan.
 */
export function formatPhone(phone: string): string {
  if (phone.startsWith('+') && !phone.startsWith('+55')) return phone;
  const digits = phone.replace(/\D/g, '');
  const national = (local: string) =>
    `(${local.slice(0, 2)}) ${local.slice(2, -4)}-${local.slice(-4)}`;
  if (digits.length === 10 || digits.length === 11) return national(digits);
  if (phone.startsWith('+55') && (digits.length === 12 || digits.length === 13)) {
    return `+55 ${national(digits.slice(2))}`;
  }
  return phone;
}
