/**
 * The bundled production server every e2e server runs (as `npm start` runs it): playwright.config.ts bundles this
 * checkout once for the run, before the web servers start (E2E_SERVER_BUNDLE, in a directory under dist-server/
 * removed when the runner exits).
 */
export function serverNodeArgs(): string[] {
  const bundle = process.env.E2E_SERVER_BUNDLE;
  if (!bundle) throw new Error('E2E_SERVER_BUNDLE is not set: run the browser tests through playwright.config.ts');
  return ['--enable-source-maps', bundle];
}
