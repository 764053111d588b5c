import fs from 'node:fs';
import type { Plugin } from 'vite';

/** zod's JSON Schema generator: 17 KB of the first page's JavaScript that the browser never runs. */
const GENERATOR = /[\\/]zod[\\/]v4[\\/]core[\\/](?:json-schema-processors|to-json-schema)\.js$/;

/**
 * Leaves zod's JSON Schema generator out of the web build (about 5 KB gzipped of the login
 * page's budget). Every zod schema object references it, for `.toJSONSchema()`, so the bundler
 * cannot drop it by itself; only the server turns schemas into JSON Schema (its OpenAPI
 * document). Each export is replaced by a function that says where it went, should web code
 * ever call it; the factories called when a schema's `~standard` is read return that function.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'vaultscope:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!GENERATOR.test(id)) return null;
      const source = fs.readFileSync(id, 'utf8');
      const names = new Set<string>();
      for (const match of source.matchAll(/^export (?:function|const) (\w+)/gm))
        names.add(match[1]!);
      for (const match of source.matchAll(/^export \{ \w+ as (\w+) \}/gm)) names.add(match[1]!);
      const lines = [
        'function unavailable() {',
        "  throw new Error('zod JSON Schema generation is left out of the web build (apps/web/build/zod-without-json-schema.ts)');",
        '}',
      ];
      for (const name of names) {
        lines.push(
          name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        );
      }
      return lines.join('\n');
    },
  };
}
