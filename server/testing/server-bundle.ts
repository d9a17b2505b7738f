/** Names the bundled server of this test run (made by the server project's global setup, vitest-server-bundle.ts). */
export const SERVER_BUNDLE_ENV = 'CONSOLE_SERVER_BUNDLE';

/** `node` arguments that run the production server as `npm start` does: the run's bundle, stack traces in .ts lines. */
export function serverNodeArgs(): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  if (!bundle)
    throw new Error(
      `${SERVER_BUNDLE_ENV} is not set: run the server tests through Vitest's server project (its global setup bundles the server)`,
    );
  return ['--enable-source-maps', bundle];
}
