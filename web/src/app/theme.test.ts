import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { theme } from './theme.js';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

describe('the theme’s colours (WCAG AA)', () => {
  const colours = Object.keys(full.colors).filter((c) => c !== 'dark' && c !== 'gray');
  for (const color of colours) {
    it(`${color}: filled carries white text, outline text reads on white and on gray-0, subtle text as on a tint`, () => {
      const filled = full.variantColorResolver({ color, theme: full, variant: 'filled' });
      if (filled.color === 'var(--mantine-color-white)') {
        expect(contrast(filled.background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
        expect(contrast(filled.hover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }
      for (const variant of ['outline', 'transparent'] as const) {
        const text = full.variantColorResolver({ color, theme: full, variant }).color;
        expect(contrast(text, '#ffffff'), variant).toBeGreaterThanOrEqual(4.5);
        expect(contrast(text, full.colors.gray[0]), variant).toBeGreaterThanOrEqual(4.5);
      }
      // Subtle buttons lay the light variant's tint under their text on hover: their text is the light variant's.
      const subtle = full.variantColorResolver({ color, theme: full, variant: 'subtle' }).color;
      expect(subtle).toBe(full.variantColorResolver({ color, theme: full, variant: 'light' }).color);
    });
  }
});
