import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

/**
 * Request generators for the fuzz tests: garbage that breaks parsers, mixed with values the
 * endpoints accept, so that requests reach the rules and the database, not only the validator.
 */

const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\u0000',
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE appointments; --',
  '<script>alert(1)</script>',
  '\u202e\u0301\ud83d\ude00',
  '\ud800',
  'a'.repeat(5_000),
  '9'.repeat(400),
  '1e309',
  'NaN',
  'Infinity',
  '0000-00-00',
  '0001-01-01',
  '1899-12-31',
  '2026-02-29',
  '2028-02-29',
  '9999-12-31',
  '275760-09-13',
  '24:00',
  '23:59',
  '00:00',
  '99:99',
  'ZZZ',
];

/**
 * Characters that show nothing or a mere placeholder (issues 18 and 44): zero-width, format and
 * line-separator characters, the Hangul fillers, blank-drawing symbols, a lone combining mark.
 */
export const BLANK_LOOKING = [
  '\u200b',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u2028',
  '\u2029',
  '\u115f',
  '\u1160',
  '\u3164',
  '\uffa0',
  '\u2800',
  '\ufffc',
  '\ufffd',
  '\u{1d159}',
  '\u0301',
  '\u3000',
];
/** Text made of blank-looking characters only, or with a letter hidden among them. */
export const blankText = fc
  .tuple(
    fc.array(fc.constantFrom(...BLANK_LOOKING), { minLength: 1, maxLength: 12 }),
    fc.constantFrom('', '', 'a'),
  )
  .map(([blanks, letter]) => blanks.join('') + letter);
/** Names carrying a link or a domain (issue 44), which the name rule refuses. */
export const linkText = fc.constantFrom(
  'Maria evil.com',
  'Promo em http://evil.example/x',
  'www.evil.com',
  'Ana acesse banco\u3002com',
  'ana@evil.com.br',
);

export const junkString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...NASTY),
  blankText,
);
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(junkString, { maxLength: 3 }),
  fc.dictionary(junkString, junkString, { maxKeys: 3 }),
);

/** Each field: a value the endpoint accepts, garbage, or absent. */
export function nearValid(fields: Record<string, fc.Arbitrary<unknown>>) {
  const mixed = Object.fromEntries(
    Object.entries(fields).map(([key, valid]) => [key, fc.oneof(valid, valid, junkValue)]),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(mixed, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

export const email = fc.oneof(
  fc.constant(null).map(() => `fuzz-${randomUUID().slice(0, 8)}@exemplo.com.br`),
  fc.emailAddress(),
  junkString,
);
export const password = fc.oneof(fc.constant('senha-segura-123'), fc.string({ maxLength: 120 }));
/** Any four-digit year, the edges of 1900–2100 and of four digits often (issue 44: 9999-12). */
const year = fc.oneof(
  fc.constantFrom(0, 1, 99, 1899, 1900, 2100, 2101, 9999),
  fc.integer({ min: 0, max: 9999 }),
);
const pad = (value: number, width: number) => String(value).padStart(width, '0');
export const date = fc.oneof(
  fc
    .integer({ min: 0, max: 60 })
    .map((d) => new Date(Date.UTC(2026, 10, 21 + d)).toISOString().slice(0, 10)),
  fc
    .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  junkString,
);
/** `?month=` of the booking page's days: near months, any year, months 00–13. */
export const month = fc.oneof(
  fc.constantFrom('2026-11', '2026-12', '2027-01', '9999-12', '0000-01'),
  fc.tuple(year, fc.integer({ min: 0, max: 13 })).map(([y, m]) => `${pad(y, 4)}-${pad(m, 2)}`),
  junkString,
);
export const time = fc.oneof(
  fc
    .integer({ min: 0, max: 47 })
    .map((h) => `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`),
  junkString,
);

/** A body as the wire carries it: JSON of the value, broken JSON, or another content type. */
export function wireBody(value: fc.Arbitrary<unknown>) {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: value.map((v) => ({
        type: 'application/json',
        body: JSON.stringify(v) ?? 'null',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/octet-stream',
          '',
        ),
        body: fc.oneof(junkString, fc.constant('{"a":'), fc.constant('--x\r\n\r\n--x--')),
      }),
    },
  );
}

export interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

/** A path segment as a browser would send it; lone surrogates cannot be percent-encoded. */
export function seg(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** Raw path segments a hand-made request can carry, malformed escapes included. */
export const RAW_SEGMENTS = [
  '%00',
  '%E0%A4%A',
  '%ff',
  '%C0%AF',
  '..',
  '%2e%2e%2f',
  '%252e',
  '%u0041',
];

/** A header value a client can put on the wire: visible Latin-1 only. */
export const headerValue = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '');

export function post(
  url: string,
  value: fc.Arbitrary<unknown>,
  headers: fc.Arbitrary<Record<string, string>> = fc.constant({}),
) {
  return fc.tuple(wireBody(value), headers).map(([wire, extra]): FuzzRequest => ({
    method: 'POST',
    url,
    payload: wire.body,
    headers: { ...(wire.type ? { 'content-type': wire.type } : {}), ...extra },
  }));
}

export const query = (fields: Record<string, fc.Arbitrary<string | string[]>>) =>
  fc
    .record(
      Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [
          key,
          fc.oneof(value, junkString, fc.array(junkString, { maxLength: 2 })),
        ]),
      ),
      { requiredKeys: [] },
    )
    .map((values) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
      }
      return params.toString();
    });
