/**
 * Whether a stored phone looks like a Brazilian mobile (DDD + 9 + 8 digits, with or without
 * +55): the agenda shows "Lembrar pelo WhatsApp" or says why not. The server decides with
 * libphonenumber-js when the button is pressed.
 */
export function looksLikeBrazilianMobile(phone: string | null | undefined): boolean {
  if (!phone) return false;
  const digits = phone.replace(/\D/g, '').replace(/^55(?=\d{11}$)/, '');
  return /^[1-9][1-9]9\d{8}$/.test(digits);
}

export const NO_MOBILE_MESSAGE = 'Sem celular válido para WhatsApp';
