import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const NO_MOBILE_REASON = 'Sem celular válido para WhatsApp';

/**
 * A Brazilian mobile number as WhatsApp wants it ("5511987654321"), from whatever was typed or
 * stored: "(11) 98765-4321", "11987654321", "+55 11 98765 4321". Null for a landline, a foreign
 * number or anything invalid (libphonenumber-js with its full metadata, which knows the types).
 */
export function brazilianMobile(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const number = parsePhoneNumberFromString(raw, 'BR');
  if (!number || number.country !== 'BR' || !number.isValid()) return null;
  if (number.getType() !== 'MOBILE') return null;
  return number.number.slice(1);
}

export function whatsappUrl(mobile: string, text?: string): string {
  const base = `https://wa.me/${mobile}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * A client's phone as stored (issue 47): E.164 ("+5511987654321") when libphonenumber-js reads a
 * valid number from it, Brazil being the region of a number typed without "+"; otherwise as
 * given, so nothing typed is lost (the screens format it back: shared `formatPhone`).
 */
export function toStoredPhone(raw: string | null): string | null {
  if (!raw) return raw;
  const number = parsePhoneNumberFromString(raw, 'BR');
  return number?.isValid() ? number.number : raw;
}
