// Draws the demo services' images (features/demo): soft abstract colour fields, written as PNG
// with node's zlib only. Run `node apps/server/assets/demo/generate-images.mjs` to redraw them.
import { Buffer } from 'node:buffer';
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const WIDTH = 640;
const HEIGHT = 400;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Background from → to along the diagonal, soft discs blended on top, then crisp circles and rings. */
const IMAGES = {
  'corte-feminino.png': {
    from: '#f6d5c6',
    to: '#e9a99a',
    shapes: [
      { x: 0.68, y: 0.42, r: 0.16, color: '#fff6f0', alpha: 0.9 },
      { x: 0.68, y: 0.42, r: 0.24, ring: 0.006, color: '#fff6f0', alpha: 0.7 },
      { x: 0.18, y: 0.78, r: 0.07, color: '#c9786d', alpha: 0.6 },
    ],
    discs: [
      { x: 0.22, y: 0.3, r: 0.42, color: '#fbe9df', alpha: 0.9 },
      { x: 0.78, y: 0.72, r: 0.5, color: '#c9786d', alpha: 0.55 },
      { x: 0.62, y: 0.18, r: 0.22, color: '#f3c2a8', alpha: 0.8 },
    ],
  },
  'escova-modeladora.png': {
    from: '#f2e3c9',
    to: '#d9b27c',
    shapes: [
      { x: 0.32, y: 0.4, r: 0.2, color: '#fffaf0', alpha: 0.85 },
      { x: 0.32, y: 0.4, r: 0.3, ring: 0.006, color: '#8a5d2c', alpha: 0.35 },
      { x: 0.8, y: 0.78, r: 0.06, color: '#fffaf0', alpha: 0.8 },
    ],
    discs: [
      { x: 0.7, y: 0.3, r: 0.45, color: '#fff4e0', alpha: 0.75 },
      { x: 0.2, y: 0.8, r: 0.4, color: '#b8864f', alpha: 0.5 },
      { x: 0.45, y: 0.55, r: 0.18, color: '#ecc98f', alpha: 0.85 },
    ],
  },
  'hidratacao-profunda.png': {
    from: '#d6ebe4',
    to: '#8fc1b5',
    shapes: [
      { x: 0.62, y: 0.5, r: 0.18, color: '#f4fbf8', alpha: 0.85 },
      { x: 0.62, y: 0.5, r: 0.27, ring: 0.006, color: '#3f7f74', alpha: 0.35 },
      { x: 0.2, y: 0.22, r: 0.05, color: '#3f7f74', alpha: 0.45 },
    ],
    discs: [
      { x: 0.3, y: 0.65, r: 0.5, color: '#5e9e92', alpha: 0.45 },
      { x: 0.75, y: 0.28, r: 0.38, color: '#eef8f4', alpha: 0.85 },
      { x: 0.55, y: 0.85, r: 0.2, color: '#b9dcd2', alpha: 0.8 },
    ],
  },
  'manicure-e-pedicure.png': {
    from: '#e9dcf2',
    to: '#b79ad0',
    shapes: [
      { x: 0.35, y: 0.55, r: 0.17, color: '#fbf6fe', alpha: 0.85 },
      { x: 0.35, y: 0.55, r: 0.26, ring: 0.006, color: '#6b4a8c', alpha: 0.35 },
      { x: 0.82, y: 0.25, r: 0.06, color: '#fbf6fe', alpha: 0.8 },
    ],
    discs: [
      { x: 0.25, y: 0.25, r: 0.4, color: '#f8f1fc', alpha: 0.85 },
      { x: 0.8, y: 0.7, r: 0.46, color: '#8d6aaf', alpha: 0.45 },
      { x: 0.5, y: 0.6, r: 0.16, color: '#d8c3ea', alpha: 0.9 },
    ],
  },
  'design-de-sobrancelhas.png': {
    from: '#dbe7f3',
    to: '#98b3d1',
    shapes: [
      { x: 0.6, y: 0.45, r: 0.17, color: '#f7fafd', alpha: 0.85 },
      { x: 0.6, y: 0.45, r: 0.26, ring: 0.006, color: '#44678f', alpha: 0.35 },
      { x: 0.15, y: 0.75, r: 0.06, color: '#44678f', alpha: 0.45 },
    ],
    discs: [
      { x: 0.7, y: 0.65, r: 0.48, color: '#6b8fb8', alpha: 0.4 },
      { x: 0.22, y: 0.35, r: 0.36, color: '#f2f7fc', alpha: 0.85 },
      { x: 0.45, y: 0.15, r: 0.15, color: '#c4d6ea', alpha: 0.9 },
    ],
  },
};

const hex = (value) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));
const smooth = (t) => t * t * (3 - 2 * t);

function draw({ from, to, discs, shapes }) {
  const a = hex(from);
  const b = hex(to);
  const pixels = new Float64Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const t = smooth((x / WIDTH) * 0.6 + (y / HEIGHT) * 0.4);
      let rgb = a.map((c, i) => c + (b[i] - c) * t);
      for (const disc of discs) {
        const dx = x / WIDTH - disc.x;
        const dy = (y - disc.y * HEIGHT) / WIDTH;
        const d = Math.sqrt(dx * dx + dy * dy) / disc.r;
        if (d >= 1) continue;
        const w = smooth(1 - d) * disc.alpha;
        const c = hex(disc.color);
        rgb = rgb.map((v, i) => v + (c[i] - v) * w);
      }
      for (const shape of shapes) {
        // Distance in pixels to the edge, for a one-pixel anti-aliased border.
        const d = Math.hypot(x - shape.x * WIDTH, y - shape.y * HEIGHT) - shape.r * WIDTH;
        const edge = shape.ring ? Math.abs(d) - (shape.ring * WIDTH) / 2 : d;
        const coverage = Math.max(0, Math.min(1, 0.5 - edge));
        if (coverage === 0) continue;
        const c = hex(shape.color);
        rgb = rgb.map((v, i) => v + (c[i] - v) * coverage * shape.alpha);
      }
      pixels.set(rgb, (y * WIDTH + x) * 3);
    }
  }
  return pixels;
}

/** Rows of filtered bytes: the Paeth filter turns smooth gradients into runs of tiny numbers. */
function encodePng(pixels) {
  const stride = WIDTH * 3;
  const raw = Buffer.alloc((stride + 1) * HEIGHT);
  const byte = (i) => Math.max(0, Math.min(255, Math.round(pixels[i])));
  for (let y = 0; y < HEIGHT; y += 1) {
    raw[y * (stride + 1)] = 4;
    for (let i = 0; i < stride; i += 1) {
      const cur = byte(y * stride + i);
      const left = i >= 3 ? byte(y * stride + i - 3) : 0;
      const up = y > 0 ? byte((y - 1) * stride + i) : 0;
      const upLeft = y > 0 && i >= 3 ? byte((y - 1) * stride + i - 3) : 0;
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      const predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      raw[y * (stride + 1) + 1 + i] = (cur - predictor) & 255;
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const [name, spec] of Object.entries(IMAGES)) {
  const png = encodePng(draw(spec));
  fs.writeFileSync(path.join(here, name), png);
  console.log(`${name}: ${(png.length / 1024).toFixed(1)} KB`);
}
