import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type DefaultMantineColor,
  type MantineColorsTuple,
} from '@mantine/core';

// Every text and control colour of the light scheme meets WCAG 2.2 AA: 4.5:1 for text, 3:1 for
// the boundaries that identify controls and for focus indicators. `__tests__/theme-contrast.test.ts`
// computes each pair the app uses from these tokens, through Mantine's own variable resolver.

// Deep teal: calm, trustworthy, readable in both scripts. Shade 8 fills buttons (white text on
// it); shade 9 is their hover and the text of light and subtle variants.
const brand: MantineColorsTuple = [
  '#e3fafa',
  '#d2f1f1',
  '#a8e1e2',
  '#7acfd1',
  '#55c0c3',
  '#3db6b9',
  '#2cb1b4',
  '#199b9e',
  '#00797b',
  '#006668',
];

/**
 * Mantine's palettes with shades 8 and 9 deepened where they fell short (same hue and
 * saturation, lower lightness): shade 8 (the light scheme's filled and outline colour, and
 * coloured text) reaches 4.5:1 against white text and on the page greys; shade 9 (hover, and
 * the text of light badges, alerts and buttons) reaches 4.5:1 on shades 1 and 2.
 */
const DEEPER: Partial<Record<DefaultMantineColor, [shade8: string, shade9: string]>> = {
  red: ['#d52020', '#b02525'],
  violet: ['#6741d9', '#5938b9'],
  indigo: ['#3b5bdb', '#3249b7'],
  blue: ['#186ebd', '#165b9b'],
  cyan: ['#0b7788', '#0a6879'],
  teal: ['#087c59', '#076e4f'],
  green: ['#257d36', '#236f32'],
  lime: ['#4a790b', '#436c09'],
  yellow: ['#9e5c00', '#944d00'],
  orange: ['#bc480a', '#ac390c'],
};

function deepened(): Partial<Record<DefaultMantineColor, MantineColorsTuple>> {
  const colors: Partial<Record<DefaultMantineColor, MantineColorsTuple>> = {};
  for (const [name, [shade8, shade9]] of Object.entries(DEEPER) as [
    DefaultMantineColor,
    [string, string],
  ][]) {
    const base = DEFAULT_THEME.colors[name];
    if (base) colors[name] = [...base.slice(0, 8), shade8, shade9] as unknown as MantineColorsTuple;
  }
  return colors;
}

/**
 * Light-scheme colours that are not a palette shade. Mantine's own dimmed and placeholder grey
 * (#868e96) is 3.3:1 on white; its input and checkbox borders (#ced4da) are 1.5:1.
 */
export const lightTokens = {
  /** Secondary text (`c="dimmed"`, input descriptions): 4.9:1 or more on every light surface. */
  dimmed: '#5f666d',
  /** Placeholder text of inputs (always on white). */
  placeholder: '#687078',
  /** The border that shows where an input, checkbox, radio or switch is (3:1 on the greys). */
  controlBorder: '#80878f',
  /** The brand gradient behind white text (welcome banner, points total, sign-in panel). */
  heroFrom: 'var(--mantine-color-brand-9)',
  heroVia: 'var(--mantine-color-brand-8)',
  heroTo: 'var(--mantine-color-cyan-9)',
} as const;

const fontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Sans", Tahoma, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: { ...deepened(), brand },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  // White text sits on both ends (the home page's main button).
  defaultGradient: { from: 'brand.8', to: 'cyan.9', deg: 135 },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Without the placeholder Mantine focuses on opening (a `role="presentation"` element with a
    // tabindex), a menu holds only menu items (ARIA's required children); the first item is
    // focused instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A dialog's title bar is a <header>: not the page's banner landmark (one banner per page).
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});

/** The light scheme's semantic colours, on top of Mantine's (which it otherwise keeps). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // The app has only the light scheme; its own variables are set once for both.
  variables: {
    '--app-color-control-border': lightTokens.controlBorder,
    '--app-hero-from': lightTokens.heroFrom,
    '--app-hero-via': lightTokens.heroVia,
    '--app-hero-to': lightTokens.heroTo,
  },
  light: {
    '--mantine-color-dimmed': lightTokens.dimmed,
    '--mantine-color-placeholder': lightTokens.placeholder,
    // Mantine's default error colour is red-6 (3.3:1); errors are text under fields.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
