import { OPERATION_PATHS } from '#contract';

/**
 * The route patterns a request is counted and logged under: a closed set, so a label or a log line
 * never carries a task ID, a user ID, a file name or a query string.
 */
export const ROUTE_LABELS = {
  taskStatus: `/api${OPERATION_PATHS.taskStatus}`,
  textToSpeech: `/api${OPERATION_PATHS.textToSpeech}`,
  consoleInfo: '/api/_console/info',
  consoleAudio: '/api/_console/audio',
  files: '/api/files/*',
  emulator: '/api/_emulator/*',
  healthz: '/healthz',
  readyz: '/readyz',
  metrics: '/metrics',
  assets: '/assets/*',
  /** The console's pages: the SPA shell and its files at the top level. */
  pages: '/*',
  /** An /api path no route serves. */
  other: 'other',
} as const;

export type RouteLabel = (typeof ROUTE_LABELS)[keyof typeof ROUTE_LABELS];

const EXACT = new Map<string, RouteLabel>(
  [
    ROUTE_LABELS.taskStatus,
    ROUTE_LABELS.textToSpeech,
    ROUTE_LABELS.consoleInfo,
    ROUTE_LABELS.consoleAudio,
    ROUTE_LABELS.healthz,
    ROUTE_LABELS.readyz,
    ROUTE_LABELS.metrics,
  ].map((route) => [route, route]),
);

/** The route pattern of a request target (`/path?query`), from the path alone. */
export function routeLabel(target: string): RouteLabel {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const exact = EXACT.get(path);
  if (exact !== undefined) return exact;
  if (path.startsWith('/api/files/')) return ROUTE_LABELS.files;
  if (path.startsWith('/api/_emulator/')) return ROUTE_LABELS.emulator;
  if (path === '/api' || path.startsWith('/api/')) return ROUTE_LABELS.other;
  if (path.startsWith('/assets/')) return ROUTE_LABELS.assets;
  return ROUTE_LABELS.pages;
}
