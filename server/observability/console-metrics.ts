import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { OPERATION_NAMES, SOURCE_TEXT_MAX_CHARS, type OperationName } from '#contract';
import { ROUTE_LABELS, type RouteLabel } from './route-label';
import { statusLabel } from './status-label';
import { TallyCounter } from './tally-counter';
import { TallyHistogram } from './tally-histogram';

/** What /api is on this server: build info's `mode` label. */
export type ConsoleMode = 'embedded' | 'proxy';
/** Why an upstream exchange gave nothing to pass on (closed set: labels never carry free text). */
export type UpstreamFailure = 'timeout' | 'network' | 'redirect' | 'not_json' | 'too_large' | 'invalid_json';

/**
 * Envelope codes counted by value; any other (a gateway's own) is counted as "other", so a gateway
 * cannot grow the label set without bound.
 */
const KNOWN_CODES = [0, 400, 401, 404, 413, 429, 500, 502, 507, 2000, 2001, 2107, 10091] as const;
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/** OpenTelemetry's advice for http.server.request.duration, with 1 ms and 2.5 ms below (status polls) and 30 s, 60 s above (synthesis). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

type Inc = { inc(value?: number): void };
type Observe = { observe(value: number): void };

/** The gateway's own events, for the embedded gateway (deps.metrics) and the proxy alike. */
export type GatewayMetrics = {
  /** IDs asked in one status request (after the body's rules accepted it). */
  statusBatch(ids: number): void;
  /**
   * One synthesis request's sourceText, as it came (anything but a string counts as nothing): its
   * characters (code points, as the service's limit counts them) up to the limit, and whether it
   * was past the limit, so cut.
   */
  speechText(sourceText: unknown): void;
};

export type ConsoleMetrics = GatewayMetrics & {
  registry: Registry;
  /** One answer of this server, as the request listener saw it end. */
  request(method: string, route: RouteLabel, status: number, seconds: number, envelopeCode: number | undefined): void;
  upstream(operation: OperationName, seconds: number, failure?: UpstreamFailure): void;
  relayBytes(bytes: number): void;
  /** How many syntheses are waiting or running, read at each scrape. */
  speechQueueDepth(read: () => number): void;
  /** Whether /readyz would say ready, read at each scrape (its check is cached, so a scrape adds none). */
  readiness(read: () => Promise<boolean>): void;
};

/**
 * Every metric of the console server, in a registry of its own (tests make as many as they like).
 * Labels come only from closed sets (routes, operations, methods, known codes and statuses, status
 * classes, the build's version and mode): never an ID, a token, a URL, a raw path or a number a
 * gateway chose. Children are made once per label set and kept: what every request observes then costs a map look-up
 * and a few additions (tally-histogram.ts, tally-counter.ts); prom-client's counters, on rarer paths, still hash their
 * labels on each increment.
 */
const TOTALS_NAMED_AS_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

export function createConsoleMetrics({ version, mode }: { version: string; mode: ConsoleMode }): ConsoleMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client names three gauges *_total, which `promtool check metrics` refuses (exit 3: a
  // counter's suffix). Each is the sum of its per-type gauge (nodejs_active_handles{type} …), which
  // stays: `sum(nodejs_active_handles)` says the same.
  for (const name of TOTALS_NAMED_AS_COUNTERS) registry.removeSingleMetric(name);
  const registers = [registry];

  // The three histograms a request observes and its envelope code's counter count in plain numbers (tally-histogram.ts,
  // tally-counter.ts); the rest are prom-client's.
  const duration = new TallyHistogram(
    'http_server_request_duration_seconds',
    'Duration of HTTP server requests (OpenTelemetry http.server.request.duration), by method, route pattern and status.',
    DURATION_BUCKETS,
    registry,
  );
  const responses = new TallyCounter(
    'console_gateway_responses_total',
    "Envelope codes of the service's answers by operation (0 = success; failures inside HTTP 200 answers included).",
    registry,
  );
  const upstreamDuration = new TallyHistogram(
    'console_upstream_request_duration_seconds',
    'Duration of proxy-mode requests to the upstream gateway (the whole answer), by operation.',
    DURATION_BUCKETS,
    registry,
  );
  const upstreamErrors = new Counter({
    name: 'console_upstream_errors_total',
    help: 'Proxy-mode upstream exchanges that gave nothing to pass on, by operation and reason.',
    labelNames: ['operation', 'reason'] as const,
    registers,
  });
  const batch = new TallyHistogram('console_status_batch_ids', 'Task IDs asked in one status request.', BATCH_BUCKETS, registry).child({});
  const characters = new Counter({
    name: 'console_tts_characters_total',
    help: 'Characters of text sent to synthesis (after any cut).',
    registers,
  });
  const truncations = new Counter({
    name: 'console_tts_truncations_total',
    help: 'Synthesis requests whose text was cut to the service limit of 5000 characters.',
    registers,
  });
  let depth: () => number = () => 0;
  new Gauge({
    name: 'console_speech_queue_depth',
    help: 'Syntheses waiting or running (embedded: the speech queue; proxy: requests in flight upstream).',
    registers,
    collect() {
      this.set(depth());
    },
  });
  let ready: () => Promise<boolean> = async () => true;
  new Gauge({
    name: 'console_ready',
    help: 'Whether /readyz says ready (1) or not (0: database not writable, gateway unreachable, draining).',
    registers,
    async collect() {
      this.set((await ready()) ? 1 : 0);
    },
  });
  const busy = new Counter({ name: 'console_speech_busy_total', help: 'Synthesis requests refused as busy (HTTP 429).', registers });
  const storageFailures = new Counter({
    name: 'console_storage_write_failures_total',
    help: 'Answers with envelope code 507: the gateway could not write to its disk (proxy mode: the upstream gateway).',
    registers,
  });
  const relay = new Counter({
    name: 'console_audio_relay_bytes_total',
    help: 'Audio bytes sent by the proxy-mode audio relay.',
    registers,
  });
  new Gauge({
    name: 'console_build_info',
    help: 'The console server build: version and mode.',
    labelNames: ['version', 'mode'] as const,
    registers,
  })
    .labels({ version, mode })
    .set(1);

  const durationChildren = new Map<string, Observe>();
  const codeChildren = new Map<OperationName, Map<number | 'other', Inc>>(
    OPERATION_NAMES.map((op) => [op, new Map(KNOWN_CODES.map((code) => [code, responses.child({ operation: op, code: String(code) })]))]),
  );
  for (const op of OPERATION_NAMES) codeChildren.get(op)!.set('other', responses.child({ operation: op, code: 'other' }));
  const upstreamChildren = new Map<OperationName, Observe>();
  const textToSpeechRoute: RouteLabel = ROUTE_LABELS.textToSpeech;

  return {
    registry,
    request(method, route, status, seconds, envelopeCode) {
      const verb = HTTP_METHODS.has(method) ? method : '_OTHER';
      const code = statusLabel(status);
      const key = `${verb} ${route} ${code}`;
      let child = durationChildren.get(key);
      if (child === undefined) {
        child = duration.child({ http_request_method: verb, http_route: route, http_response_status_code: code });
        durationChildren.set(key, child);
      }
      child.observe(seconds);
      if (envelopeCode === undefined) return;
      const operation = operationOfRoute(route);
      if (operation !== undefined) {
        const codes = codeChildren.get(operation)!;
        (codes.get(envelopeCode) ?? codes.get('other')!).inc();
      }
      if (route === textToSpeechRoute && status === 429) busy.inc();
      if (envelopeCode === 507) storageFailures.inc();
    },
    upstream(operation, seconds, failure) {
      let child = upstreamChildren.get(operation);
      if (child === undefined) {
        child = upstreamDuration.child({ operation });
        upstreamChildren.set(operation, child);
      }
      child.observe(seconds);
      if (failure !== undefined) upstreamErrors.labels({ operation, reason: failure }).inc();
    },
    statusBatch: (ids) => batch.observe(ids),
    speechText(sourceText) {
      if (typeof sourceText !== 'string') return;
      let count = 0;
      for (const _ of sourceText) count++;
      characters.inc(Math.min(count, SOURCE_TEXT_MAX_CHARS));
      if (count > SOURCE_TEXT_MAX_CHARS) truncations.inc();
    },
    relayBytes: (bytes) => relay.inc(bytes),
    speechQueueDepth(read) {
      depth = read;
    },
    readiness(read) {
      ready = read;
    },
  };
}

function operationOfRoute(route: RouteLabel): OperationName | undefined {
  return OPERATION_NAMES.find((op) => ROUTE_LABELS[op] === route);
}
