import { describe, expect, it } from 'vitest';
import { labelStride } from './label-stride';

describe('labelStride', () => {
  it('shows every label when they fit', () => {
    expect(labelStride(1000, 7, 3)).toBe(1);
  });

  it('thins twelve week labels ("06/09") so they never run together at any width', () => {
    for (let width = 200; width <= 1400; width += 10) {
      const stride = labelStride(width, 12, 5);
      const perBar = (width - 64) / 12;
      // Two shown labels are `stride` bars apart: their text and a gap fit in that space.
      expect(stride * perBar, `${width} px`).toBeGreaterThanOrEqual(5 * 7.2 + 12);
    }
    expect(labelStride(560, 12, 5)).toBe(2);
    expect(labelStride(340, 12, 5)).toBeGreaterThanOrEqual(3);
  });

  it('a single bar keeps its label', () => {
    expect(labelStride(100, 1, 40)).toBe(1);
  });
});
