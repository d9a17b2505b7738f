/**
 * Spec files started before all others (playwright.config.ts puts them in a project of their own, and Playwright
 * queues projects' tests in order): with 2 workers and fullyParallel, a long test queued last makes the run's tail.
 * Ranked by the longest single test of each file in a whole browser run; refresh the list from a run's JSON report
 * with `node scripts/e2e-longest-first.mjs <report.json>` (docs/performance.md, "The test run (CI)").
 */
export const LONGEST_FIRST: readonly string[] = [
  'scale-out.spec.ts',
  'speech-script.spec.ts',
  'speech-takes.spec.ts',
  'speech-long.spec.ts',
  'tasks-overview.spec.ts',
  'tasks-saved-views.spec.ts',
  'speech-lexicon.spec.ts',
  'command-palette.spec.ts',
];
