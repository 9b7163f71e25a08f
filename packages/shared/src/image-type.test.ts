import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => Uint8Array.from([...value].map((c) => c.charCodeAt(0)));

describe('detectImageType', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
    ['GIF87a', text('GIF87a...'), 'image/gif'],
    ['GIF89a', text('GIF89a...'), 'image/gif'],
    ['WebP', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
  ])('recognizes %s by its bytes', (_name, input, type) => {
    expect(detectImageType(input)).toBe(type);
  });

  it.each([
    ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a text file renamed .png', text('hello, not an image')],
    ['a RIFF that is not WebP (WAV)', text('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')],
    ['an empty file', bytes()],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e)],
  ])('refuses %s', (_name, input) => {
    expect(detectImageType(input)).toBeUndefined();
  });
});
