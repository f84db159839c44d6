import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';
import type { AxeResults, ElementContext, ImpactValue, Result, RunOptions } from 'axe-core';

type AxeRun = (context: ElementContext, options: RunOptions) => Promise<AxeResults>;

// axe-core, injected into the page as it is shipped with one documented change to its source
// (PATCHES) and one to a check's options (CHECK_OPTIONS), both so that Arabic text is checked.
//
// Why the change: the color-contrast rule only looks at an element that has "real text", and
// axe 4.x decides that with a heuristic meant for icon fonts (Material Icons and the like, where
// the text "home" is drawn as one glyph). `hasRealTextChildren()`, called by the rule's
// `color-contrast-matches`, keeps a text node only when `isIconLigature(textNode)` is false.
// `isIconLigature` draws the node's first character alone and then the whole text on a canvas in
// the element's font; when the pixels differ by 15 % or more AND the whole text is 15 % or more
// narrower than its characters measured one by one, it calls the text a ligature. Arabic is
// cursive: a joined word is drawn with initial/medial/final letter forms and is much narrower
// than its isolated letters side by side, so "نقاط الولاء" passes both tests and is taken for an
// icon. The element then does not match the rule at all: it is neither a violation nor "needs
// review", it is simply not checked. Worse, the verdict is cached per font-family: after three
// text nodes of a family that were all "ligatures", every later text node of that family,
// Latin digits included, is skipped without being measured. On an Arabic page nearly nothing
// gets a contrast check.
//
// No option turns this off: `hasRealTextChildren` calls `isIconLigature` without options (the
// `ignoreIconLigature` / `pixelThreshold` / `occurrenceThreshold` options exist only for
// label-content-name-mismatch and the accessible-name code). The skip came in axe-core 4.6.3
// (dequelabs/axe-core#3867, "skip ligature icons") and every release since has it; pinning
// 4.6.2 would give up three years of rules (WCAG 2.2's target-size among them). So the harness
// patches that one line in the source it injects: a text node is real text, whatever its
// shape. This app draws its icons as inline SVG (@tabler/icons-react) and has no
// icon font, so nothing is lost. If an axe upgrade changes the line, PATCHES below throws and
// says so; `a11y.spec.ts` proves on a test page that low-contrast Arabic fails and high-contrast
// Arabic passes.
const require = createRequire(import.meta.url);
const AXE_FILE = require.resolve('axe-core/axe.js');
export const AXE_VERSION = (require('axe-core/package.json') as { version: string }).version;
export const AXE_SOURCE_AS_SHIPPED = readFileSync(AXE_FILE, 'utf8');

const PATCHES: { why: string; from: string; to: string }[] = [
  {
    why: 'color-contrast: do not skip text that the icon-ligature heuristic takes for an icon (Arabic)',
    from: "return vChild.props.nodeName === '#text' && !_isIconLigature(vChild);",
    to: "return vChild.props.nodeName === '#text';",
  },
];

function patched(source: string): string {
  return PATCHES.reduce((code, patch) => {
    const count = code.split(patch.from).length - 1;
    if (count !== 1) {
      throw new Error(
        `axe-core ${AXE_VERSION} (${AXE_FILE}): expected the line to patch exactly once, found it ` +
          `${count} times. Patch: ${patch.why}. Look at hasRealTextChildren() in axe.js and update ` +
          'PATCHES in e2e/a11y.ts (or drop the patch if axe no longer skips ligature-like text).',
      );
    }
    return code.replace(patch.from, patch.to);
  }, source);
}

export const AXE_SOURCE = patched(AXE_SOURCE_AS_SHIPPED);

// The same heuristic hides Arabic from label-content-name-mismatch (the visible text of a link
// or button is compared with its accessible name): there axe drops the text it takes for an
// icon ligature, so an Arabic label reads as empty and the check passes whatever the name. That
// check has options: the heuristic calls text a ligature only when both its pixel and its width
// differences reach `pixelThreshold` (axe's default 0.1); both are fractions of at most 1, so a
// threshold of 2 means "never on shape". The other two ways it still calls text an icon stay: a
// first character that draws nothing or has no width.
export const CHECK_OPTIONS = {
  'label-content-name-mismatch': { options: { pixelThreshold: 2 } },
};

/** WCAG 2.0-2.2 A and AA, plus axe's best practices (the set Lighthouse draws from). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING: ImpactValue[] = ['serious', 'critical'];

/** Injects axe (patched unless told otherwise) once per document and runs it on the page. */
export async function runAxe(
  page: Page,
  options: {
    source?: string;
    rules?: string[];
    within?: string;
    allResults?: boolean;
    /** Options of axe's checks for this run; null for axe's own defaults. */
    checks?: Record<string, { options: Record<string, unknown> }> | null;
  } = {},
): Promise<AxeResults> {
  const source = options.source ?? AXE_SOURCE;
  const marker = source === AXE_SOURCE ? 'patched' : 'as-shipped';
  const loaded = await page.evaluate(() => (window as unknown as { __axeBuild?: string }).__axeBuild ?? null);
  if (loaded !== marker) {
    // Evaluated as a string (DevTools' Runtime.evaluate): the app's Content-Security-Policy
    // (script-src 'self') forbids eval and inline scripts in the page, but not this.
    await page.evaluate(`${source}\n;window.__axeBuild = ${JSON.stringify(marker)};`);
  }
  return page.evaluate(
    ([tags, rules, within, allResults, checks]) => {
      const axe = (window as unknown as { axe: { run: AxeRun } }).axe;
      const context = within ? { include: Array.from(document.querySelectorAll(within)) } : document;
      return axe.run(context, {
        runOnly: rules.length ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        ...(checks ? { checks } : {}),
        // Passes and inapplicable rules come back with one node each unless asked for.
        resultTypes: allResults ? ['violations', 'incomplete', 'passes'] : ['violations', 'incomplete'],
      });
    },
    [
      AXE_TAGS,
      options.rules ?? [],
      options.within ?? '',
      options.allResults ?? false,
      options.checks === undefined ? CHECK_OPTIONS : options.checks,
    ] as const,
  );
}

/** Waits until the page is still: no finite animation or transition running, fonts loaded. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * WCAG 2.2's 2.4.11 Focus Not Obscured, which axe does not test: the focused element must not
 * be hidden under another dialog or an overlay. (Checked at the middle of the element, and only
 * against dialogs and overlays, so a focused element scrolled out of view or drawn under a
 * sibling of its own component does not count.)
 */
async function focusObscured(page: Page): Promise<Omit<Row, 'state'> | null> {
  const found = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.width < 2 || box.height < 2 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
    const hit = document.elementFromPoint(x, y);
    if (!hit || focused.contains(hit)) return null;
    const cover = hit.closest('[role="dialog"], .mantine-Overlay-root');
    const own = focused.closest('[role="dialog"]');
    if (!cover || (own && own.contains(hit))) return null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : ''}`;
    return {
      target: `${describe(focused)} (${focused.textContent?.trim().slice(0, 40) ?? ''})`,
      html: `covered by ${cover.outerHTML.slice(0, 200)}`,
    };
  });
  if (!found) return null;
  return {
    rule: 'focus-not-obscured',
    impact: 'serious',
    count: 1,
    target: found.target,
    help: 'WCAG 2.4.11: the focused element is hidden under another dialog or an overlay (a check of this harness)',
    html: found.html,
    nodes: [{ target: found.target, html: found.html }],
  };
}

export interface Row {
  state: string;
  rule: string;
  impact: ImpactValue | undefined;
  count: number;
  target: string;
  help: string;
  /** color-contrast: the first node's colours and ratio, as axe measured them. */
  contrast?: string;
  html: string;
  /** Every node, for the JSON report. */
  nodes: { target: string; html: string; contrast?: string }[];
}

function contrastOfNode(node: Result['nodes'][number]): string | undefined {
  const data = node.any[0]?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
    | undefined;
  if (!data?.fgColor) return undefined;
  return `${data.fgColor} on ${data.bgColor}: ${data.contrastRatio} (needs ${data.expectedContrastRatio})`;
}

function contrastOf(result: Result): string | undefined {
  if (result.id !== 'color-contrast' || !result.nodes[0]) return undefined;
  return contrastOfNode(result.nodes[0]);
}

function rowsOf(state: string, results: Result[]): Row[] {
  return results.map((result) => ({
    state,
    rule: result.id,
    impact: result.impact,
    count: result.nodes.length,
    target: String(result.nodes[0]?.target.join(' >> ') ?? ''),
    help: result.help,
    contrast: contrastOf(result),
    html: (result.nodes[0]?.html ?? '').slice(0, 300),
    nodes: result.nodes.map((node) => ({
      target: node.target.join(' >> '),
      html: node.html.slice(0, 160),
      ...(result.id === 'color-contrast' ? { contrast: contrastOfNode(node) } : {}),
    })),
  }));
}

function table(rows: Row[]): string {
  const head = ['rule', 'impact', 'count', 'page state', 'first node target', 'contrast (first node)'];
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);
  const body = rows.map((row) => [
    row.rule,
    String(row.impact ?? ''),
    String(row.count),
    row.state,
    cut(row.target, 70),
    row.contrast ?? '',
  ]);
  const widths = head.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

/**
 * One test's audit: `check(state)` runs axe (and the focus-not-obscured check) on the page as
 * it is now, after checking that the page is in the expected language; at the end of the test
 * the table is printed and any serious or critical violation fails the test (every state is
 * visited first).
 */
export class Audit {
  readonly violations: Row[] = [];
  readonly contrastToReview: Row[] = [];
  readonly states: { name: string; scope: string; ms: number }[] = [];

  constructor(
    private readonly page: Page,
    private readonly prefix: string,
  ) {}

  async check(state: string, lang: 'ar' | 'en'): Promise<void> {
    const name = `${lang} ${this.page.viewportSize()?.width ?? '?'}px ${state}`;
    const html = this.page.locator('html');
    await expect(html, `${name}: the page is in ${lang}`).toHaveAttribute('lang', lang);
    await expect(html, `${name}: the direction`).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    // No page or tab still loading: a state is audited once it is there.
    await expect(this.page.locator('[role="progressbar"][aria-busy="true"]')).toHaveCount(0);
    await settle(this.page);
    // With a modal dialog open, the page behind it is under the dialog's overlay (dimmed, and
    // aria-modal tells assistive tech to leave it): its own state was audited before the
    // dialog opened, so here only the layer the dialog lives in (Mantine's portals: the
    // dialog, its overlay, its dropdowns) is audited. Otherwise every dimmed text behind the
    // overlay would count as a contrast failure.
    const modal = (await this.page.locator('[role="dialog"][aria-modal="true"]:visible').count()) > 0;
    const started = Date.now();
    const results = await runAxe(this.page, modal ? { within: '[data-portal]' } : {});
    this.states.push({ name, scope: modal ? 'dialog layer' : 'page', ms: Date.now() - started });
    this.violations.push(...rowsOf(name, results.violations));
    const obscured = await focusObscured(this.page);
    if (obscured) this.violations.push({ state: name, ...obscured });
    this.contrastToReview.push(
      ...rowsOf(
        name,
        results.incomplete.filter((r) => r.id === 'color-contrast'),
      ),
    );
  }

  report(testInfo: TestInfo): Row[] {
    const failing = this.violations.filter((row) => FAILING.includes(row.impact ?? null));
    const other = this.violations.filter((row) => !FAILING.includes(row.impact ?? null));
    const axeMs = this.states.reduce((sum, state) => sum + state.ms, 0);
    const lines = [
      `axe ${AXE_VERSION} (patched): ${this.states.length} page states, ${this.prefix} ` +
        `(axe itself ${(axeMs / 1000).toFixed(1)} s)`,
    ];
    lines.push(
      failing.length
        ? `${failing.length} serious/critical violations:\n${table(failing)}`
        : 'no serious or critical violation',
    );
    if (other.length) lines.push(`moderate/minor (reported, not failing):\n${table(other)}`);
    const review = this.contrastToReview.reduce((sum, row) => sum + row.count, 0);
    if (review) lines.push(`color-contrast left for review by axe (not failing): ${review} nodes`);
    console.log(lines.join('\n'));
    const data = JSON.stringify(
      { states: this.states, violations: this.violations, contrastToReview: this.contrastToReview },
      null,
      1,
    );
    void testInfo.attach('axe.json', { body: data, contentType: 'application/json' });
    const dir = process.env.A11Y_REPORT_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      const file = testInfo.titlePath
        .slice(1)
        .join(' ')
        .replace(/[^\w.-]+/g, '_');
      writeFileSync(path.join(dir, `${file}.json`), data);
    }
    return failing;
  }
}

/** `test` with an `audit` fixture that reports and fails at the end of the test. */
export const test = base.extend<{ audit: Audit }>({
  audit: async ({ page }, provide, testInfo) => {
    const audit = new Audit(page, testInfo.title);
    await provide(audit);
    const failing = audit.report(testInfo);
    expect(
      failing.map((row) => `${row.rule} (${row.impact}, ${row.count}) @ ${row.state}: ${row.target}`),
      'serious or critical accessibility violations',
    ).toEqual([]);
  },
});
