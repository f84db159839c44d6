import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../theme';

// WCAG 2.2 AA in the light scheme, computed from the theme's tokens through Mantine's own CSS
// variable resolver (the values the browser gets): 4.5:1 for text (1.4.3), 3:1 for the boundary
// of a control and for focus indicators (1.4.11, 2.4.13's contrast part). Each pair names where
// the app shows it.

const TEXT = 4.5;
/** Large text (24 px, or 18.66 px bold) and non-text: boundaries of controls, focus rings. */
const LARGE = 3;
const NON_TEXT = 3;

// --- WCAG 2.x relative luminance and contrast ratio -------------------------------------------

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// --- the light scheme's variables, as MantineProvider writes them ------------------------------

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const mantine = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
const variables: Record<string, string> = {
  ...mantine.variables,
  ...mantine.light,
  ...ours.variables,
  ...ours.light,
};

/** A CSS colour value (hex, or var() chains down to one) as RGB. */
function resolve(value: string, seen: string[] = []): Rgb {
  const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!reference) return parseHex(value.trim());
  const name = reference[1]!;
  const next = variables[name];
  if (next === undefined) throw new Error(`undefined variable ${name} (from ${seen.join(' -> ')})`);
  return resolve(next, [...seen, name]);
}

const v = (name: string) => `var(--mantine-color-${name})`;
/** A palette shade as Mantine's `color="name.shade"` prop writes it. */
const shade = (spec: string) => v(spec.replace('.', '-'));

const WHITE = v('white');
const GRAY0 = v('gray-0'); // the page background (body, signed-in pages, login)
const GRAY1 = v('gray-1'); // hovered rows and menu items

interface Pair {
  what: string;
  fg: string;
  bg: string;
  min: number;
}

const pairs: Pair[] = [];
const add = (what: string, fg: string, bgs: string[], min = TEXT) => {
  for (const bg of bgs) pairs.push({ what, fg, bg, min });
};

// Text of the page.
add('body text', v('text'), [v('body'), GRAY0, GRAY1]);
add('dimmed text (c="dimmed", input descriptions)', v('dimmed'), [
  WHITE,
  GRAY0,
  GRAY1,
  v('brand-0'),
  v('brand-1'),
]);
add('placeholder of an input', v('placeholder'), [v('default')]);
add('link (Anchor)', v('anchor'), [WHITE, GRAY0, GRAY1]);
add('error text under a field', v('error'), [WHITE]);
add('success text', v('success'), [WHITE]);
add('default button text', v('default-color'), [v('default'), v('default-hover')]);

// Every palette, every variant Mantine draws from it (filled buttons, badges and avatars;
// light badges, alerts, theme icons and buttons; subtle and outline buttons; coloured text).
for (const color of Object.keys(merged.colors)) {
  add(`white on filled ${color}`, WHITE, [v(`${color}-filled`), v(`${color}-filled-hover`)]);
  add(`light ${color} (badge, alert, button)`, v(`${color}-light-color`), [
    v(`${color}-light`),
    v(`${color}-light-hover`),
  ]);
  add(`subtle ${color} button`, v(`${color}-light-color`), [WHITE, GRAY0]);
  add(`outline ${color} button`, v(`${color}-outline`), [WHITE, GRAY0]);
  add(`${color} text (c="${color}")`, v(`${color}-text`), [WHITE, GRAY0]);
}

// White text on the brand gradients.
const gradient = merged.defaultGradient;
add('white on the default gradient (home page button)', WHITE, [shade(gradient.from), shade(gradient.to)]);
const hero = ['--app-hero-from', '--app-hero-via', '--app-hero-to'].map((name) => `var(${name})`);
// Their text is white at full opacity (white at 0.85 on brand-8 is 3.9:1).
add('white on the hero gradient (welcome banner, points total, sign-in panel)', WHITE, hero);

add('public header links (public-header.module.css)', shade('dark.6'), [WHITE]);

// Boundaries and focus.
add('focus ring (2px, primary)', 'var(--mantine-primary-color-filled)', [WHITE, GRAY0, GRAY1], NON_TEXT);
add(
  'border of inputs, checkboxes, radios and switches',
  'var(--app-color-control-border)',
  [WHITE, GRAY0, GRAY1],
  NON_TEXT,
);
add('border of a field with an error', v('error'), [WHITE, GRAY0], NON_TEXT);

// Colours the code names by shade (`c="dark.6"`), read from the source: each on the page's
// light surfaces, as normal text unless listed here as only ever large (3:1), with where.
const LARGE_ONLY = new Set(['brand.7' /* the not-found page's 96 px "404" */]);
const sources = import.meta.glob<string>('/src/**/*.tsx', { query: '?raw', import: 'default', eager: true });
const named = new Set<string>();
for (const [path, text] of Object.entries(sources)) {
  if (path.includes('/__tests__/')) continue;
  for (const match of text.matchAll(/\bc=(?:"|\{?')([a-z]+\.\d)(?:"|'\}?)/g)) named.add(match[1]!);
  // c={cond ? 'teal.8' : 'orange.9'}
  for (const match of text.matchAll(/\bc=\{[^}]*\}/g)) {
    for (const inner of match[0].matchAll(/'([a-z]+\.\d)'/g)) named.add(inner[1]!);
  }
}
for (const spec of named) {
  add(`c="${spec}" in the code`, shade(spec), [WHITE, GRAY0], LARGE_ONLY.has(spec) ? LARGE : TEXT);
}

const ratioOf = ({ fg, bg }: Pair) => contrastRatio(resolve(fg), resolve(bg));

describe('WCAG contrast of the light theme', () => {
  it('computes ratios as WCAG does', () => {
    expect(contrastRatio(parseHex('#000'), parseHex('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex('#868e96'), parseHex('#ffffff'))).toBeCloseTo(3.32, 2);
    expect(contrastRatio(parseHex('#fff'), parseHex('#008a8d'))).toBeCloseTo(4.18, 2);
  });

  it('finds the pairs to check (colours named in the code too)', () => {
    expect(named).toContain('dark.4');
    expect(named).toContain('orange.9');
    expect(pairs.length).toBeGreaterThan(150);
  });

  it.each(pairs)('$what: $fg on $bg >= $min', (pair) => {
    expect(ratioOf(pair), `${pair.fg} on ${pair.bg}`).toBeGreaterThanOrEqual(pair.min);
  });
});
