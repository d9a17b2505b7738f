import { register } from 'node:module';

/**
 * For benches that load the console's models in Node: what only Vite can load becomes an empty module. The models reach
 * the i18n store, which imports a Vite virtual module (`virtual:catalogs`, made by src/i18n/vite-plugin-catalogs.ts), and
 * a concept's index brings its components' CSS Modules; the benches render and word nothing. Call it before importing
 * the models (dynamically: static imports load first). The hook is a data: URL, so it is no file of its own.
 */
export function stubViteModules(): void {
  const empty = `data:text/javascript,${encodeURIComponent('export default {};')}`;
  register(
    `data:text/javascript,${encodeURIComponent(
      `export async function resolve(s, c, next) { return s.startsWith('virtual:') || s.endsWith('.module.css') ? { url: ${JSON.stringify(empty)}, shortCircuit: true } : next(s, c); }`,
    )}`,
  );
}
