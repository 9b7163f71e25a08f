/** Brazilian numbers without the country code: area code (2 digits) plus 8 or 9 digits. */
const NATIONAL_LENGTHS = [10, 11];

/**
 * The wa.me link for a phone as typed ("(11) 98765-4321", "+55 11 98765-4321", "011 ..."),
 * or null when it has too few digits to be a number. WhatsApp needs the country code: a number
 * written with "+" already has one; otherwise a Brazilian national number (10 or 11 digits)
 * gets 55 in front.
 */
export function getWhatsAppLink(phone: string | null | undefined): string | null {
  const text = (phone ?? '').trim();
  const isInternational = text.startsWith('+');
  // A leading 0 is the national trunk prefix ("011 9..."), not part of the number.
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < 10) return null;
  const hasCountryCode = isInternational || !NATIONAL_LENGTHS.includes(digits.length);
  return `https://wa.me/${hasCountryCode ? digits : `55${digits}`}`;
}
