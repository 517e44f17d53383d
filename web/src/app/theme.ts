import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
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

/**
 * The "light" variant (badges, alerts, light buttons) writes its text in the colour's darkest shade,
 * darkened further: Mantine's default (shade 9 on a tint) falls under WCAG AA for green, orange, yellow.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  return { ...colors, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)` };
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
    NavLink: { defaultProps: { fw: 500 } },
    // Their close buttons have no name of their own (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
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
