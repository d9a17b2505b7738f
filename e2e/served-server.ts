/**
 * The bundled production server every e2e server runs (as `npm start` runs it): playwright.config.ts names it once
 * for the run (E2E_SERVER_BUNDLE, a directory under dist-server/ removed when the runner exits) and its first web
 * server bundles this checkout into it before it starts; the specs' own servers start after that.
 */
export function serverNodeArgs(): string[] {
  const bundle = process.env.E2E_SERVER_BUNDLE;
  if (!bundle) throw new Error('E2E_SERVER_BUNDLE is not set: run the browser tests through playwright.config.ts');
  return ['--enable-source-maps', bundle];
}
