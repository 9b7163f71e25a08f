// Mutations of typed text: invisible characters, links and raw text kept out of mails.
import { BLANK_NAMES, INVISIBLE_TEXT, MAIL_LINKS, serverTest } from './_tests.mjs';

export default [
  {
    name: 'text-invisible-kept',
    protection: 'names and notes: invisible and control characters removed (shared/text.ts)',
    file: 'packages/shared/src/text.ts',
    find: ".replace(INVISIBLE, '')",
    replace: '.replace(INVISIBLE, (c) => c)',
    test: INVISIBLE_TEXT,
  },
  {
    name: 'text-nothing-visible-accepted',
    protection: 'a name with nothing visible left is refused with the field’s message',
    file: 'packages/shared/src/text.ts',
    find: "return hasVisibleText(cleaned) ? cleaned : '';",
    replace: 'return cleaned;',
    test: INVISIBLE_TEXT,
  },
  {
    name: 'text-lone-surrogate-accepted',
    protection: 'text with a lone surrogate (broken UTF-16) refused',
    file: 'packages/shared/src/text.ts',
    find: '.refine((value) => !hasLoneSurrogate(value), INVALID_TEXT_MESSAGE)',
    replace: '.refine((value) => value.length >= 0, INVALID_TEXT_MESSAGE)',
    test: INVISIBLE_TEXT,
  },
  {
    name: 'text-phone-not-normalized',
    protection: 'phones stored as digits with an optional leading +',
    file: 'packages/shared/src/text.ts',
    find: "return `${value.startsWith('+') ? '+' : ''}${value.replace(/\\D/g, '')}`;",
    replace: 'return value;',
    test: INVISIBLE_TEXT,
  },
  // Issue 44, findings 6 and 10 (sec-mail): blank-looking names, links in mail.
  {
    name: 'text-blank-symbols-visible',
    protection: 'blank-looking symbols (U+2800, U+FFFC, U+FFFD, U+1D159…) are no visible name',
    file: 'packages/shared/src/text.ts',
    find: String.raw`/(?![\u115F\u1160\u2800\u3164\uFFA0\uFFFC\uFFFD\u{1D159}])[\p{L}\p{N}\p{P}\p{S}]/u`,
    replace: String.raw`/[\p{L}\p{N}\p{P}\p{S}]/u`,
    test: BLANK_NAMES,
  },
  {
    name: 'text-braille-blank-kept',
    protection: 'the braille blank (U+2800) becomes a plain space in names',
    file: 'packages/shared/src/text.ts',
    find: String.raw`const SPACES = /[\t\p{Zs}\u2800]/gu;`,
    replace: String.raw`const SPACES = /[\t\p{Zs}]/gu;`,
    test: BLANK_NAMES,
  },
  {
    name: 'mail-text-urls-kept',
    protection: 'mail: scheme and www. addresses in user text become "[link removido]"',
    file: 'packages/shared/src/links.ts',
    find: '.replace(URL_LIKE, LINK_REMOVED)',
    replace: '.replace(URL_LIKE, (url) => url)',
    test: MAIL_LINKS,
  },
  {
    name: 'mail-text-dots-kept',
    protection: 'mail: a zero-width space around inner dots, so no domain is linked',
    file: 'packages/shared/src/links.ts',
    find: '.replace(INNER_DOT, `${ZERO_WIDTH_SPACE}$1${ZERO_WIDTH_SPACE}`);',
    replace: ".replace(INNER_DOT, '$1');",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-booking-text-raw',
    protection: 'booking confirmation and notice: user text made inert',
    file: 'apps/server/src/features/booking/mails.ts',
    find: 'function inert(data: BookingMailData): BookingMailData {',
    replace:
      "function inert(data: BookingMailData): BookingMailData {\n  if (data.date !== '') return data;",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-manage-text-raw',
    protection: 'reminder and change notices: user text made inert',
    file: 'apps/server/src/features/manage/mails.ts',
    find: 'function inert(summary: BookingSummary): BookingSummary {',
    replace:
      "function inert(summary: BookingSummary): BookingSummary {\n  if (summary.date !== '') return summary;",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-deposit-text-raw',
    protection: 'sinal mails: user text made inert',
    file: 'apps/server/src/features/deposits/mails.ts',
    find: 'function inert(data: DepositMailData): DepositMailData {',
    replace:
      "function inert(data: DepositMailData): DepositMailData {\n  if (data.date !== '') return data;",
    test: MAIL_LINKS,
  },
  {
    name: 'mail-account-name-raw',
    protection: 'account mails: the name typed at sign-up made inert',
    file: 'apps/server/src/lib/mail-templates.ts',
    find: 'const greeting = `Olá, ${withoutLiveLinks(mail.greetingName)}!`;',
    replace: 'const greeting = `Olá, ${mail.greetingName}!`;',
    test: MAIL_LINKS,
  },
  {
    name: 'client-name-link-accepted',
    protection: 'a client name with a link or domain refused (booking and client forms)',
    file: 'packages/shared/src/client-schemas.ts',
    find: '.refine((value) => !containsLink(value), NAME_WITH_LINK_MESSAGE)',
    replace: '.refine((value) => value.length >= 0, NAME_WITH_LINK_MESSAGE)',
    test: MAIL_LINKS,
  },
  // Issue 44, finding 12: the mailed-link requests do the same work for any address.
  {
    name: 'mail-request-lookup-in-request',
    protection:
      'forgot-password and sign-in-link answer after the same work whether the account exists',
    file: 'apps/server/src/features/auth/mail-request-job.ts',
    find: '  await sendJob(db, AUTH_MAIL_REQUEST_QUEUE, data);',
    replace:
      '  if (await findUserByEmail(db, email)) await sendJob(db, AUTH_MAIL_REQUEST_QUEUE, data);',
    test: serverTest('attacks/account-enumeration-timing.test.ts'),
  },
];
