import { join, resolve } from 'node:path';

/**
 * The console build every e2e server serves. E2E_DIST_DIR: an existing build (.ci/run sets it to the dist/ it has
 * just built, so CI builds once). Unset (`npm test`, a spec run by hand): the run's own directory, into which the
 * web server builds this checkout fresh, so a run never serves a stale build and never disturbs someone else's dist/.
 */
export function servedDist(): { dir: string; prebuilt: boolean } {
  const given = process.env.E2E_DIST_DIR;
  if (given) return { dir: resolve(given), prebuilt: true };
  return { dir: join(process.env.E2E_WORK_DIR ?? '.', 'dist'), prebuilt: false };
}
