import path from 'node:path';
import type { Plugin } from 'vite';

/** What a public page loads after the first bundle, by the module that starts each part. */
interface RoutePreloadOptions {
  /** Address -> the modules its page imports (as `src/...`), for the pages a guest may open first. */
  routes: Record<string, string[]>;
  /** The dictionary modules a lazy page needs, by language; the default language's under `default`. */
  dictionaries: { default: string[]; [language: string]: string[] };
  /** localStorage key of the visitor's chosen language. */
  languageKey: string;
}

/**
 * Starts loading the opened public page's code with the first bundle instead of after it.
 *
 * A lazy page's chunks are asked for only once the first bundle has downloaded and run and the
 * router has picked the page: on a slow phone network that is a second wave of requests, one
 * round trip or more after the first. This plugin writes a small classic script
 * (`assets/route-preload-HASH.js`, loaded `async` before the first bundle, so it runs as soon as
 * it arrives) holding, for each public address, the chunks (and their style sheets) that page
 * will import; it adds `modulepreload` (and `preload` for style sheets) links for the address
 * opened, so those requests go out beside the first bundle's. The page's code then finds them
 * in the cache: nothing runs twice, and an address not listed loads as before. (An external
 * file, not an inline script: the server's Content-Security-Policy allows scripts from 'self'
 * only.)
 */
export function routePreload(options: RoutePreloadOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byModule = new Map<string, (typeof chunks)[number]>();
      for (const chunk of chunks) {
        if (chunk.facadeModuleId) byModule.set(relative(root, chunk.facadeModuleId), chunk);
      }
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route-preload: no entry chunk');
      // What the first page has already: the entry and what it imports statically.
      const initial = new Set<string>();
      const walk = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        for (const imported of chunk.imports) walk(imported, into);
      };
      walk(entry.fileName, initial);
      /** The files a module's dynamic import fetches, beyond the first page's. */
      const filesOf = (module: string): string[] => {
        const chunk = byModule.get(module);
        if (!chunk) this.error(`route-preload: no chunk starts at ${module}`);
        const js = new Set<string>();
        walk(chunk.fileName, js);
        const files: string[] = [];
        for (const fileName of js) {
          if (initial.has(fileName)) continue;
          files.push(fileName);
          const css = (bundle[fileName] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
            ?.importedCss;
          for (const sheet of css ?? []) files.push(sheet);
        }
        return files;
      };
      const routes = Object.fromEntries(
        Object.entries(options.routes).map(([path, modules]) => [
          path,
          [...new Set(modules.flatMap(filesOf))],
        ]),
      );
      const dictionaries = Object.fromEntries(
        Object.entries(options.dictionaries).map(([language, modules]) => [
          language,
          modules.flatMap(filesOf),
        ]),
      );
      const source = `(function () {
  var routes = ${JSON.stringify(routes)};
  var dictionaries = ${JSON.stringify(dictionaries)};
  var files = routes[location.pathname.replace(/\\/+$/, '') || '/'];
  if (!files) return;
  var language = null;
  try { language = localStorage.getItem(${JSON.stringify(options.languageKey)}); } catch (e) {}
  files = files.concat(dictionaries[language] || dictionaries['default']);
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    if (/\\.css$/.test(files[i])) { link.rel = 'preload'; link.as = 'style'; }
    else { link.rel = 'modulepreload'; link.crossOrigin = ''; }
    link.href = '/' + files[i];
    document.head.appendChild(link);
  }
})();
`;
      const reference = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('route-preload: index.html is not in the bundle yet');
      const script = `<script async src="/${this.getFileName(reference)}"></script>`;
      html.source = String(html.source).replace(
        /(\s*)<script type="module"/,
        `$1${script}$1<script type="module"`,
      );
      if (!String(html.source).includes(script)) this.error('route-preload: no module script in index.html');
    },
  };
}

/** A module id (an absolute path) relative to the app's root: `src/...`, `node_modules/...`. */
function relative(root: string, id: string): string {
  return path.relative(root, id).split(path.sep).join('/');
}
