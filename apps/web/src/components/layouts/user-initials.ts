/**
 * The avatar's letters: the first two characters, upper case, of the part of the e-mail before
 * the @ (docs/product.md section 2, "Dashboard shell"). "ana.souza@x.com" -> "AN"; "j@x.com" -> "J".
 */
export function getEmailInitials(email: string): string {
  const localPart = email.trim().split('@')[0] ?? '';
  // Array.from keeps a letter outside the BMP (or an emoji) whole.
  return Array.from(localPart).slice(0, 2).join('').toLocaleUpperCase('pt-BR') || '?';
}
