import { describe, expect, it } from 'vitest';
import theme from '@/styles/theme.css?raw';
import { MANAGE_STATUS_COLORS } from '@/features/manage/lib/status-colors';
import { badgeVariants } from './badge';

/**
 * Every status badge, everywhere, meets WCAG AA (4.5:1, small text): its text colour on its
 * background, a theme colour or a tint of one over the white card, computed from theme.css's
 * oklch values as the browser blends them (issue 48: "Cancelado" had 4.1:1).
 */
function variable(name: string): [number, number, number] {
  const match = new RegExp(`--${name}:\\s*oklch\\(([\\d.]+) ([\\d.]+) ([\\d.]+)\\)`).exec(theme);
  if (!match) throw new Error(`--${name} is not an oklch colour in theme.css`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const toGamma = (x: number) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
const toLinear = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);

/** OKLCH → sRGB (0–1, gamma-encoded), Björn Ottosson's matrices. */
function srgb([l, c, hue]: [number, number, number]): number[] {
  const a = c * Math.cos((hue * Math.PI) / 180);
  const b = c * Math.sin((hue * Math.PI) / 180);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ].map((x) => toGamma(Math.min(1, Math.max(0, x))));
}

const luminance = (rgb: number[]) =>
  0.2126 * toLinear(rgb[0]!) + 0.7152 * toLinear(rgb[1]!) + 0.0722 * toLinear(rgb[2]!);

/** `bg-name` or `bg-name/NN` over the white card; `text-name`. */
function colourOf(classes: string, prefix: 'bg' | 'text'): number[] {
  const pattern = new RegExp(`(?:^|\\s)${prefix}-([a-z-]+)(?:/(\\d+))?(?=\\s|$)`, 'g');
  // The first class naming a theme colour (not `text-xs`).
  const match = [...classes.matchAll(pattern)].find((m) => theme.includes(`--${m[1]}:`));
  if (!match) return [1, 1, 1];
  const rgb = srgb(variable(match[1]!));
  const alpha = match[2] ? Number(match[2]) / 100 : 1;
  return rgb.map((x) => alpha * x + (1 - alpha));
}

function contrast(classes: string): number {
  const [a, b] = [luminance(colourOf(classes, 'text')), luminance(colourOf(classes, 'bg'))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('status badges', () => {
  const outline = 'bg-background text-foreground';
  it.each(['default', 'secondary', 'success', 'destructive'] as const)(
    'Badge %s reads at 4.5:1 at least',
    (variant) => {
      expect(contrast(badgeVariants({ variant }))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.entries({ ...MANAGE_STATUS_COLORS, outline }))(
    'the manage page’s %s badge reads at 4.5:1 at least',
    (_name, classes) => {
      expect(contrast(classes)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('would catch the old "Cancelado" colours', () => {
    expect(contrast('bg-destructive/10 text-destructive')).toBeLessThan(4.5);
  });
});
