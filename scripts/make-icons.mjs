// The installed app's icons (apps/web/public/icons/*.png, committed), drawn from the same
// calendar mark as favicon.svg: every size Android, iOS and Windows ask for, the maskable ones
// with the mark inside the safe zone, the notification badge (white on transparent) and the
// shortcuts' icons. `node scripts/make-icons.mjs` after changing the mark.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');
fs.mkdirSync(out, { recursive: true });

const GRADIENT = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#14b8a6"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>`;
const CALENDAR = (stroke) => `
  <rect x="14" y="17" width="36" height="33" rx="6" fill="none" stroke="${stroke}" stroke-width="4"/>
  <path d="M14 27h36" stroke="${stroke}" stroke-width="4"/>
  <path d="M23 12v9M41 12v9" stroke="${stroke}" stroke-width="4" stroke-linecap="round"/>`;
const CHECK = (stroke) =>
  `<path d="m24.5 38 5 5 10-10" fill="none" stroke="${stroke}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`;
const PLUS = (stroke) =>
  `<path d="M32 32v12M26 38h12" stroke="${stroke}" stroke-width="4" stroke-linecap="round"/>`;

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`;
/** Rounded tile, as the favicon. */
const rounded = (glyph) =>
  svg(`${GRADIENT}<rect width="64" height="64" rx="14" fill="url(#bg)"/>${glyph}`);
/** Full-bleed tile with the mark shrunk into the central 80 % (maskable; iOS rounds it itself). */
const fullBleed = (glyph) =>
  svg(
    `${GRADIENT}<rect width="64" height="64" fill="url(#bg)"/><g transform="translate(6.4 6.4) scale(0.8)">${glyph}</g>`,
  );

const files = [
  ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({
    name: `icon-${size}.png`,
    size,
    svg: rounded(CALENDAR('#fff') + CHECK('#fff')),
  })),
  ...[192, 512].map((size) => ({
    name: `maskable-${size}.png`,
    size,
    svg: fullBleed(CALENDAR('#fff') + CHECK('#fff')),
  })),
  { name: 'apple-touch-icon.png', size: 180, svg: fullBleed(CALENDAR('#fff') + CHECK('#fff')) },
  { name: 'badge-96.png', size: 96, svg: svg(CALENDAR('#fff') + CHECK('#fff')) },
  { name: 'shortcut-new-96.png', size: 96, svg: rounded(CALENDAR('#fff') + PLUS('#fff')) },
  { name: 'shortcut-agenda-96.png', size: 96, svg: rounded(CALENDAR('#fff') + CHECK('#fff')) },
];

for (const file of files) {
  await sharp(Buffer.from(file.svg), { density: Math.ceil((72 * file.size) / 64) })
    .resize(file.size, file.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file.name));
}
console.log(`${files.length} ícones em ${path.relative(process.cwd(), out)}`);
