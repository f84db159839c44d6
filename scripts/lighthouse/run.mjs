// Lighthouse with mobile emulation on pages of a running server: LIGHTHOUSE_RUNS runs per page,
// the median score per category, a table on stdout, summary.json and summary.md in the output
// directory, and exit code 1 when a median is below its threshold (unless LIGHTHOUSE_ENFORCE=0).
// Started by scripts/lighthouse/run.sh, which documents the options.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../web');
// lighthouse and chrome-launcher are devDependencies of the web app.
const requireFromWeb = createRequire(path.join(webDir, 'package.json'));
const load = async (name) => import(pathToFileURL(requireFromWeb.resolve(name)).href);
const { default: lighthouse } = await load('lighthouse');
const chromeLauncher = await load('chrome-launcher');
const lighthouseVersion = requireFromWeb('lighthouse/package.json').version;

const env = process.env;
const base = (process.argv[2] ?? env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const pages = (env.LIGHTHOUSE_PAGES ?? '/ /login /check-points').split(/\s+/).filter(Boolean);
const runs = Number(env.LIGHTHOUSE_RUNS ?? 3);
const enforce = (env.LIGHTHOUSE_ENFORCE ?? '1') !== '0';
const outDir = path.resolve(env.LIGHTHOUSE_OUT ?? path.resolve(here, '../../target/lighthouse'));
const chromePath = env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// A category with no threshold (SEO by default) is measured and shown, never enforced.
const thresholds = {
  performance: Number(env.LIGHTHOUSE_MIN_PERFORMANCE ?? 90),
  accessibility: Number(env.LIGHTHOUSE_MIN_ACCESSIBILITY ?? 100),
  'best-practices': Number(env.LIGHTHOUSE_MIN_BEST_PRACTICES ?? 100),
  seo: env.LIGHTHOUSE_MIN_SEO ? Number(env.LIGHTHOUSE_MIN_SEO) : null,
};
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};
// This machine reaches no network but the package registries: nothing in Chromium may call out.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-breakpad',
  '--no-first-run',
  '--no-default-browser-check',
  '--no-pings',
  '--metrics-recording-only',
  '--safebrowsing-disable-auto-update',
  '--disable-client-side-phishing-detection',
  '--password-store=basic',
  '--use-mock-keychain',
];

if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`LIGHTHOUSE_RUNS must be a whole number >= 1, not ${runs}`);
mkdirSync(path.join(outDir, 'reports'), { recursive: true });

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const slug = (page) => (page === '/' ? 'home' : page.replace(/^\/+/, '').replace(/[^\w.-]+/g, '_'));

async function once(url) {
  // A fresh browser (and profile) per run: no cache, service worker or storage carried over.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Lighthouse's defaults, said out loud: a Moto G Power sized phone, simulated slow 4G and
      // a 4x slower CPU.
      formFactor: 'mobile',
      screenEmulation: {
        mobile: true,
        width: 412,
        height: 823,
        deviceScaleFactor: 1.75,
        disabled: false,
      },
      throttlingMethod: 'simulate',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const started = Date.now();
const summary = {
  base,
  lighthouse: lighthouseVersion,
  chromium: null,
  runs,
  thresholds,
  enforced: enforce,
  pages: [],
};
for (const page of pages) {
  const url = `${base}${page}`;
  const lhrs = [];
  for (let i = 1; i <= runs; i += 1) {
    const t0 = Date.now();
    const lhr = await once(url);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    summary.chromium ??= lhr.environment?.hostUserAgent ?? null;
    writeFileSync(path.join(outDir, 'reports', `${slug(page)}-${i}.json`), JSON.stringify(lhr));
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? NaN) * 100));
    console.error(
      `  ${page} run ${i}/${runs}: ${scores.join(' / ')} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    for (const warning of lhr.runWarnings ?? []) console.error(`    warning: ${warning}`);
    lhrs.push(lhr);
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      median(lhrs.map((lhr) => (lhr.categories[c]?.score == null ? null : lhr.categories[c].score * 100))),
    ]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([id, short]) => [
      short,
      median(lhrs.map((lhr) => lhr.audits[id]?.numericValue)),
    ]),
  );
  // What keeps a category under 100: every audit that failed in any run, with how many runs.
  const failing = {};
  for (const c of CATEGORIES) {
    const counts = new Map();
    for (const lhr of lhrs) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
        const entry = counts.get(ref.id) ?? {
          id: ref.id,
          title: audit.title,
          runs: 0,
          score: [],
        };
        entry.runs += 1;
        entry.score.push(audit.score);
        counts.set(ref.id, entry);
      }
    }
    failing[c] = [...counts.values()].map((e) => ({
      ...e,
      score: median(e.score),
    }));
  }
  summary.pages.push({
    page,
    url,
    scores,
    perRun: lhrs.map((lhr) =>
      Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])),
    ),
    metrics,
    failing,
  });
}

const below = [];
for (const p of summary.pages) {
  for (const [c, min] of Object.entries(thresholds)) {
    if (min !== null && p.scores[c] !== null && p.scores[c] < min)
      below.push(`${p.page} ${c} ${p.scores[c]} < ${min}`);
  }
}
summary.below = below;
summary.seconds = Math.round((Date.now() - started) / 1000);

const fmt = (n) => (n === null ? '-' : String(Math.round(n)));
const ms = (n) => (n === null ? '-' : `${(n / 1000).toFixed(2)} s`);
const head = [
  'page',
  'performance',
  'accessibility',
  'best practices',
  'SEO',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'SI',
];
const rows = summary.pages.map((p) => [
  p.page,
  fmt(p.scores.performance),
  fmt(p.scores.accessibility),
  fmt(p.scores['best-practices']),
  fmt(p.scores.seo),
  ms(p.metrics.FCP),
  ms(p.metrics.LCP),
  p.metrics.TBT === null ? '-' : `${Math.round(p.metrics.TBT)} ms`,
  p.metrics.CLS === null ? '-' : p.metrics.CLS.toFixed(3),
  ms(p.metrics.SI),
]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ');
const min = (c) => (thresholds[c] === null ? 'not enforced' : `>= ${thresholds[c]}`);
const text = [
  `Lighthouse ${lighthouseVersion}, mobile, median of ${runs} runs per page, ${base}`,
  line(head),
  widths.map((w) => '-'.repeat(w)).join('-|-'),
  ...rows.map(line),
  `thresholds: performance ${min('performance')}, accessibility ${min('accessibility')}, ` +
    `best practices ${min('best-practices')}, SEO ${min('seo')}` +
    (enforce ? '' : ' (LIGHTHOUSE_ENFORCE=0: reported only)'),
];
for (const p of summary.pages) {
  for (const c of ['accessibility', 'best-practices', 'performance', 'seo']) {
    if (p.failing[c].length) {
      text.push(
        `  ${p.page} ${c}: ` +
          p.failing[c].map((a) => `${a.id} (${a.runs}/${runs} runs, score ${fmt(a.score * 100)})`).join(', '),
      );
    }
  }
}
text.push(below.length ? `below threshold: ${below.join('; ')}` : 'all medians meet their thresholds');
text.push(`${summary.seconds} s; reports in ${outDir}`);
console.log(text.join('\n'));

const md = [
  `# Lighthouse (mobile, median of ${runs} runs)`,
  '',
  `Lighthouse ${lighthouseVersion} on ${base}; ${summary.chromium ?? ''}`,
  '',
  `| ${head.join(' | ')} |`,
  `| ${head.map(() => '---').join(' | ')} |`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
  '',
  `Thresholds: performance ${min('performance')}, accessibility ${min('accessibility')}, best practices ${min('best-practices')}, SEO ${min('seo')}${enforce ? '' : ' (reported only)'}.`,
  '',
  ...summary.pages.flatMap((p) =>
    ['accessibility', 'best-practices', 'performance', 'seo']
      .filter((c) => p.failing[c].length)
      .map(
        (c) => `- \`${p.page}\` ${c}: ${p.failing[c].map((a) => `${a.id} (${a.runs}/${runs})`).join(', ')}`,
      ),
  ),
  '',
  below.length ? `**Below threshold:** ${below.join('; ')}` : 'All medians meet their thresholds.',
  '',
];
writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(path.join(outDir, 'summary.md'), md.join('\n'));

if (below.length && enforce) process.exit(1);
