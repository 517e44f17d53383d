import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
  type VariantColorsResolver,
} from '@mantine/core';

/** The Olympus blue: shade 6 and darker carry white text at WCAG AA or better. */
const olympus: MantineColorsTuple = [
  '#edf2ff',
  '#dbe4ff',
  '#b8c9f7',
  '#91aaf0',
  '#6e8fe9',
  '#577de4',
  '#2f5bd3',
  '#2451c7',
  '#1c47b3',
  '#133a98',
];

function channels(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast of a colour against white. */
function contrastWithWhite(rgb: [number, number, number]): number {
  return 1.05 / (luminance(rgb) + 0.05);
}

const hex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * WCAG AA asks 4.5:1; a little more against white keeps it on the lightest greys too (striped rows, gray-0:
 * 4.5:1 there needs about 4.8:1 against white).
 */
const readableOnWhite = 4.8;

/**
 * The colour's shades from `from` to 9 that carry white text (or stand as text on white) at WCAG AA, 4.5:1,
 * darkest last; when not even shade 9 does (green, lime, orange, yellow), shade 9 darkened until it does. The
 * first is the colour itself, the second its hover.
 */
function accessibleShades(theme: MantineTheme, color: string, from: number): [string, string] | null {
  const shades = theme.colors[color];
  if (!shades) return null;
  const passing: string[] = [];
  for (let shade = from; shade <= 9 && passing.length < 2; shade += 1) {
    const rgb = channels(shades[shade]!);
    if (!rgb) return null;
    if (contrastWithWhite(rgb) >= readableOnWhite) passing.push(hex(rgb));
  }
  const darkest = channels(shades[9]!);
  if (!darkest) return null;
  for (let factor = 0.95; passing.length < 2 && factor > 0.3; factor -= 0.05) {
    const rgb = darkest.map((c) => c * factor) as [number, number, number];
    if (contrastWithWhite(rgb) >= readableOnWhite) passing.push(hex(rgb));
  }
  return [passing[0]!, passing[1] ?? passing[0]!];
}

/**
 * Colours people can read (WCAG AA) in every variant, whatever colour a page picks:
 * - "filled" (buttons, badges): white text on the colour's first shade from the theme's primary shade on that
 *   carries it at 4.5:1; Mantine's own (shade 7 of green, orange, red, teal, cyan…) falls under it. A light
 *   colour that autoContrast gives dark text keeps it.
 * - "outline", "transparent": text in that same shade, on white.
 * - "subtle": text as on a tint (below), since its hover lays the light variant's tint under it.
 * - "light" (badges, alerts, light buttons): text in the colour's darkest shade, darkened further: Mantine's
 *   default (shade 9 on a tint) falls under AA for green, orange, yellow.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === 'dark' || parsed.color === 'gray') return colors;
  // On a tint (the light variant, and the subtle variant's hover): the colour's darkest shade, darkened further.
  const onTint = `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)`;
  if (input.variant === 'light') return { ...colors, color: onTint };
  const primaryShade =
    typeof input.theme.primaryShade === 'number' ? input.theme.primaryShade : input.theme.primaryShade.light;
  const from = parsed.shade ?? primaryShade;
  const readable = accessibleShades(input.theme, parsed.color, from);
  if (!readable) return colors;
  const [base, hover] = readable;
  if (input.variant === 'filled') {
    const background = channels(input.theme.colors[parsed.color]![from]!);
    const darkText =
      (input.autoContrast ?? input.theme.autoContrast) &&
      background !== null &&
      luminance(background) > input.theme.luminanceThreshold;
    if (darkText) return colors;
    return {
      ...colors,
      background: base,
      hover,
      color: 'var(--mantine-color-white)',
      hoverColor: 'var(--mantine-color-white)',
    };
  }
  if (input.variant === 'outline') return { ...colors, color: base, border: `1px solid ${base}` };
  if (input.variant === 'subtle') return { ...colors, color: onTint };
  if (input.variant === 'transparent') return { ...colors, color: base };
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'olympus',
  primaryShade: { light: 7, dark: 4 },
  colors: { olympus },
  autoContrast: true,
  luminanceThreshold: 0.4,
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { fw: 600 } },
    // A badge states a status in a word or two and is never cut to "PENDI…": Mantine's own gives way to a narrow
    // table column or a crowded row and ends its label in an ellipsis. Here it keeps the width of its words, so the
    // column or row is sized to it instead.
    Badge: {
      styles: {
        root: { minWidth: 'max-content', flexShrink: 0, overflow: 'visible', textOverflow: 'clip' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    },
    NavLink: { defaultProps: { fw: 500 } },
    // A link is underlined, not told apart from the words around it by its colour alone (WCAG 1.4.1; axe:
    // link-in-text-block). A link that stands alone as a card's title may say underline="hover" itself.
    Anchor: { defaultProps: { underline: 'always' } },
    // Their close buttons have no name of their own (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close the message' } },
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    },
    // A loader is a <span>: its name ("Loading") is only allowed with a role (axe: aria-prohibited-attr).
    Loader: { defaultProps: { role: 'status' } },
    // Its default name ("Toggle password visibility") would make "Password" name two elements.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show typed characters' } } },
    // A number out of range stays as typed, so that the form's own rule says what is allowed: clamping on blur
    // turned a grade of 15 silently into 12.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
  },
});

/** Darker "dimmed", error and placeholder text than Mantine's defaults, for WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': 'var(--mantine-color-olympus-7)',
  },
  dark: {},
});
