/**
 * Spec files started before all others (playwright.config.ts puts them in a project of their own, and Playwright
 * queues projects' tests in order): with 2 workers and fullyParallel, a long test queued last makes the run's tail.
 * Ranked by the longest single test of each file in a whole browser run; refresh the list from a run's JSON report
 * with `node scripts/e2e-longest-first.mjs <report.json>` (docs/performance.md, "The test run (CI)").
 */
export const LONGEST_FIRST: readonly string[] = [
  'tasks.spec.ts',
  'speech-takes.spec.ts',
  'tasks-saved-views.spec.ts',
  'shift.spec.ts',
  'tasks-add-check.spec.ts',
  'speech-script.spec.ts',
  'tasks-outage.spec.ts',
  'tasks-a11y.spec.ts',
  'security.spec.ts',
  'speech-long.spec.ts',
  'command-palette.spec.ts',
  'tasks-zh.spec.ts',
  'scale-out.spec.ts',
  'hostile-gateway-tasks.spec.ts',
];
