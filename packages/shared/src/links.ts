/**
 * Links in people's words (issue 44, docs/decisions/031-mail-text-and-notice-window.md): a
 * client's name may not carry one, and mail never shows one live. "Link" here is what a mail
 * client or a browser would make clickable: a scheme address, a "www." start, or a domain-like
 * token (a dot between a letter or digit and two letters: evil.com, evil。com).
 */

export const NAME_WITH_LINK_MESSAGE = 'O nome não pode conter links ou endereços de sites';

/** The dots browsers read as the one in a host name (UTS 46 maps these to "."). */
const DOT = '[.\\u2024\\u3002\\uFE52\\uFF0E\\uFF61]';
/** A scheme address or a "www." start, with the rest of its word. */
const URL_LIKE = new RegExp(
  `(?:[a-z][a-z0-9+.-]{0,30}:\\/\\/|\\bwww\\d{0,3}${DOT}|\\b(?:mailto|javascript|data|vbscript|file):)\\S*`,
  'giu',
);
const DOMAIN_LIKE = new RegExp(`[\\p{L}\\p{N}]${DOT}\\p{L}{2}`, 'u');
/** A dot with something other than a space on each side: where a host name could go on. */
const INNER_DOT = new RegExp(`(?<=\\S)(${DOT})(?=\\S)`, 'gu');
/** Breaks a token for link finders and shows nothing. */
const ZERO_WIDTH_SPACE = '\u200B';

export const LINK_REMOVED = '[link removido]';

/** True when the text has an address someone could follow (refused in client names). */
export function containsLink(value: string): boolean {
  URL_LIKE.lastIndex = 0;
  return URL_LIKE.test(value) || DOMAIN_LIKE.test(value);
}

/**
 * The text as it may appear in a mail, text part and HTML alike (escape it for HTML after):
 * scheme and "www." addresses replaced by "[link removido]", and a zero-width space on both
 * sides of every inner dot, so no mail client finds a domain to link
 * (evil.com → evil\u200b.\u200bcom).
 */
export function withoutLiveLinks(value: string): string {
  return value
    .replace(URL_LIKE, LINK_REMOVED)
    .replace(INNER_DOT, `${ZERO_WIDTH_SPACE}$1${ZERO_WIDTH_SPACE}`);
}
