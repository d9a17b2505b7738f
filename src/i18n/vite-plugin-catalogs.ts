import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

const TABLE = 'virtual:catalogs';
const NAMESPACE = 'virtual:catalog/';

type Tree = { [key: string]: string | Tree };

/** One catalog file: the namespaces one folder holds, in one locale (`<folder>/<locale>.json`). */
export type CatalogFile = { folder: string; locale: string; tree: Record<string, string | Tree> };

/** { board: { empty: 'x' } } → { 'board.empty': 'x' }: the runtime looks keys up without walking objects. */
export function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/**
 * Every locale's namespaces gathered from all folders, and what breaks the layout: a namespace in
 * two folders, a folder without the file of a locale another folder has, a folder whose locales
 * hold different namespaces, a top-level string where a namespace belongs. A namespace lives in
 * exactly one folder, in every locale.
 */
export function mergeCatalogs(files: readonly CatalogFile[]): { locales: Record<string, Record<string, Tree>>; problems: string[] } {
  const localeCodes = [...new Set(files.map((f) => f.locale))].sort();
  const problems = new Set<string>();
  const home = new Map<string, string>();
  const locales: Record<string, Record<string, Tree>> = Object.fromEntries(localeCodes.map((l) => [l, {}]));
  const namespaces = (f: CatalogFile) => Object.keys(f.tree).sort().join(', ');
  for (const folder of new Set(files.map((f) => f.folder))) {
    const mine = files.filter((f) => f.folder === folder);
    for (const locale of localeCodes) if (!mine.some((f) => f.locale === locale)) problems.add(`${folder} has no ${locale}.json`);
    for (const f of mine) {
      if (namespaces(f) !== namespaces(mine[0]!))
        problems.add(`${folder}/${f.locale}.json holds {${namespaces(f)}} but ${mine[0]!.locale}.json holds {${namespaces(mine[0]!)}}`);
      for (const [ns, tree] of Object.entries(f.tree)) {
        const other = home.get(ns) ?? folder;
        home.set(ns, other);
        if (other !== folder) problems.add(`namespace "${ns}" is in both ${other} and ${folder}`);
        if (typeof tree === 'string') problems.add(`${folder}/${f.locale}.json: "${ns}" is a message, not a namespace`);
        else locales[f.locale]![ns] = tree;
      }
    }
  }
  return { locales, problems: [...problems] };
}

/** Where catalogs live: src/i18n/catalogs (shared namespaces), then each feature's messages/ folder. */
function catalogFolders(src: string): string[] {
  const features = join(src, 'features');
  const own = readdirSync(features).map((feature) => join(features, feature, 'messages'));
  return [join(src, 'i18n', 'catalogs'), ...own.filter((folder) => existsSync(folder))];
}

/**
 * Gathers the catalogs under `src` (src/i18n/catalogs/<locale>.json and
 * src/features/<feature>/messages/<locale>.json; each file's top-level keys are namespaces), splits
 * them by namespace into modules of their own, `virtual:catalog/<locale>/<namespace>` (flattened
 * keys, without the namespace), and generates `virtual:catalogs`, a table of loaders:
 * { en: { common: () => import(…), … }, … }. Each namespace of each locale becomes its own small
 * lazy chunk, so a page downloads only its own messages in the operator's language. A broken
 * layout (mergeCatalogs) fails the build, the dev server and Vitest alike: all run this plugin.
 */
export function catalogs(src: string): Plugin {
  const read = (): CatalogFile[] =>
    catalogFolders(src).flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => ({
          folder: relative(src, dir),
          locale: file.slice(0, -'.json'.length),
          tree: JSON.parse(readFileSync(join(dir, file), 'utf8')) as CatalogFile['tree'],
        })),
    );
  return {
    name: 'console-catalogs',
    resolveId(id) {
      return id === TABLE || id.startsWith(NAMESPACE) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:catalog')) return null;
      const files = read();
      for (const f of files) this.addWatchFile(join(src, f.folder, `${f.locale}.json`));
      const { locales, problems } = mergeCatalogs(files);
      if (problems.length) this.error(`Message catalogs (docs/i18n.md):\n${problems.join('\n')}`);
      if (id === `\0${TABLE}`) {
        const rows = Object.entries(locales).map(([locale, namespaces]) => {
          const loaders = Object.keys(namespaces).map(
            (ns) => `${JSON.stringify(ns)}: () => import(${JSON.stringify(`${NAMESPACE}${locale}/${ns}`)})`,
          );
          return `${JSON.stringify(locale)}: { ${loaders.join(', ')} }`;
        });
        return `export default { ${rows.join(',\n')} };`;
      }
      const [locale = '', ns = ''] = id.slice(`\0${NAMESPACE}`.length).split('/');
      const tree = locales[locale]?.[ns];
      if (!tree) this.error(`No namespace "${ns}" in the ${locale} catalogs`);
      return `export default ${JSON.stringify(flatten(tree))};`;
    },
  };
}
