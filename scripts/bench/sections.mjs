// docs/benchmarks.md is one page: `npm run bench` writes it whole, and `npm run bench:scale` and
// `npm run bench:reminders` each rewrite only their own section, between these markers.
import fs from 'node:fs';
import path from 'node:path';

export const PAGE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');

const markers = (name) => [
  `<!-- ${name}: written by npm run bench:${name} -->`,
  `<!-- /${name} -->`,
];

/** The section `name` of the page's text, markers included, or undefined. */
export function sectionOf(text, name) {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  return from < 0 || to < 0 ? undefined : text.slice(from, to + end.length);
}

/** `body` between the section's markers (a new section if the page has none yet). */
export function section(name, body) {
  const [start, end] = markers(name);
  return `${start}\n\n${body.trim()}\n\n${end}`;
}

/** Rewrites the section `name` of the page with `body`, leaving the rest as it is. */
export function writeSection(name, body, file = PAGE) {
  const text = fs.readFileSync(file, 'utf8');
  const old = sectionOf(text, name);
  if (!old) throw new Error(`${file} não tem a seção ${name}`);
  fs.writeFileSync(
    file,
    text.replace(old, () => section(name, body)),
  );
}
