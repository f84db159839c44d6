import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:mantine-styles';
const RESOLVED = `\0${VIRTUAL}`;

/**
 * Mantine's styles per component, in the chunk of the component's own code: the first page gets
 * the style sheets of what it draws, not all 230 KB of `@mantine/core/styles.css`, and a lazy
 * route brings the rest with its code (no extra requests: the sheet is in the same chunk).
 *
 * In a build, each of Mantine's class-name maps (`esm/components/Button/Button.module.mjs`, one
 * to one with the files of `styles/`) imports its component's sheet
 * (`@mantine/core/styles/Button.layer.css`), so the sheet goes wherever the component's code
 * goes, dependencies first as Mantine imports them. `@mantine/charts`' maps import its one sheet.
 * The `.layer` sheets put every rule in the `mantine` cascade layer, so the app's own rules win
 * however the sheets of lazy routes arrive.
 *
 * `src/main.tsx` imports `virtual:mantine-styles` first: in a build, Mantine's three global
 * sheets (baseline, default variables, global); with the dev server, which pre-bundles Mantine
 * without this plugin, every sheet.
 */
export function mantineStylesPerComponent(): Plugin {
  let build = true;
  return {
    name: 'mantine-styles-per-component',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const sheets = build
        ? ['baseline', 'default-css-variables', 'global'].map(
            (name) => `@mantine/core/styles/${name}.layer.css`,
          )
        : ['@mantine/core/styles.layer.css', '@mantine/charts/styles.layer.css'];
      return sheets.map((sheet) => `import '${sheet}';`).join('\n');
    },
    transform(code, id) {
      if (!build) return null;
      const core = /\/@mantine\/core\/esm\/.*\/([\w-]+)\.module\.mjs$/.exec(id);
      const sheet = core
        ? `@mantine/core/styles/${core[1]}.layer.css`
        : /\/@mantine\/charts\/esm\/.*\.module\.mjs$/.test(id)
          ? '@mantine/charts/styles.layer.css'
          : null;
      // At the end, so no line moves (imports run first wherever they are written).
      return sheet ? { code: `${code}\nimport '${sheet}';\n`, map: null } : null;
    },
  };
}
