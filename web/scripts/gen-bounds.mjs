// Writes the bounds of every field the OpenAPI document bounds (minimum, maximum, minLength,
// maxLength, minItems, maxItems, pattern and x- facts) as a TypeScript module, so the forms read
// the server's rules instead of keeping copies. Run by `npm run gen:api` (`just openapi`); `just openapi-check`
// fails when the module is stale.
//
//   node scripts/gen-bounds.mjs ../openapi/openapi.json src/lib/api/bounds.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: gen-bounds.mjs <openapi.json> <bounds.ts>');
  process.exit(2);
}

const KEYS = new Set(['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern']);
const doc = JSON.parse(readFileSync(input, 'utf8'));

/** A field's bounds; a decimal (a string or a number: `oneOf`) gathers its parts' bounds. */
function boundsOf(field) {
  const found = {};
  for (const part of [field, ...(field.oneOf ?? [])]) {
    for (const [key, value] of Object.entries(part)) {
      if (KEYS.has(key) || key.startsWith('x-')) found[key] = value;
    }
  }
  return found;
}

const bounds = {};
for (const name of Object.keys(doc.components.schemas).sort()) {
  const properties = doc.components.schemas[name].properties ?? {};
  for (const property of Object.keys(properties).sort()) {
    const found = boundsOf(properties[property]);
    if (Object.keys(found).length === 0) continue;
    bounds[name] ??= {};
    bounds[name][property] = Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
  }
}

const source =
  `// Generated from openapi/openapi.json by scripts/gen-bounds.mjs (\`just openapi\`): do not edit.\n` +
  `// Each request field's bounds as the server checks them (crates/http/src/bounds.rs).\n\n` +
  `export const bounds = ${JSON.stringify(bounds, null, 2)} as const;\n`;
// The project's Prettier settings, wherever the output goes (the check writes to a temporary file).
const home = fileURLToPath(new URL('../src/lib/api/bounds.ts', import.meta.url));
const options = await resolveConfig(home);
writeFileSync(output, await format(source, { ...options, filepath: home }));
