import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Deep teal: calm, trustworthy, readable in both scripts.
const brand: MantineColorsTuple = [
  '#e3fafa',
  '#d2f1f1',
  '#a8e1e2',
  '#7acfd1',
  '#55c0c3',
  '#3db6b9',
  '#2cb1b4',
  '#199b9e',
  '#008a8d',
  '#00787a',
];

const fontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Sans", Tahoma, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: { brand },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  defaultGradient: { from: 'brand.8', to: 'cyan.6', deg: 135 },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
