import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const TABLE = 'virtual:catalogs';
const NAMESPACE = 'virtual:catalog/';

type Tree = { [key: string]: string | Tree };

/** { board: { empty: 'x' } } → { 'board.empty': 'x' }: the runtime looks keys up without walking objects. */
export function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/**
 * Splits each src/i18n/catalogs/<locale>.json by its top-level keys (namespaces) into modules of
 * their own, `virtual:catalog/<locale>/<namespace>` (flattened keys, without the namespace), and
 * generates `virtual:catalogs`, a table of loaders: { en: { common: () => import(…), … }, … }.
 * Each namespace of each locale becomes its own small lazy chunk, so a page downloads only its own
 * messages in the operator's language. Vitest runs Vite's plugins too, so tests import the same.
 */
export function catalogs(dir: string): Plugin {
  const read = (locale: string): Record<string, Tree> => JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'));
  const locales = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length));
  return {
    name: 'console-catalogs',
    resolveId(id) {
      return id === TABLE || id.startsWith(NAMESPACE) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:catalog')) return null;
      for (const locale of locales()) this.addWatchFile(join(dir, `${locale}.json`));
      if (id === `\0${TABLE}`) {
        const rows = locales().map((locale) => {
          const loaders = Object.keys(read(locale)).map(
            (ns) => `${JSON.stringify(ns)}: () => import(${JSON.stringify(`${NAMESPACE}${locale}/${ns}`)})`,
          );
          return `${JSON.stringify(locale)}: { ${loaders.join(', ')} }`;
        });
        return `export default { ${rows.join(',\n')} };`;
      }
      const [locale = '', ns = ''] = id.slice(`\0${NAMESPACE}`.length).split('/');
      const tree = read(locale)[ns];
      if (!tree || typeof tree === 'string') this.error(`No namespace "${ns}" in ${locale}.json`);
      return `export default ${JSON.stringify(flatten(tree))};`;
    },
  };
}
