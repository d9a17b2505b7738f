/** Whether this server should get traffic now, and if not, why (GET /readyz). */
type ReadyState = { ready: true } | { ready: false; reason: string };

/** The dependency check of one mode: null when fine, else why not (never an address, a URL or a token). */
type ReadinessCheck = () => Promise<string | null> | string | null;

export type Readiness = {
  state(): Promise<ReadyState>;
  /** From now on readyz answers 503 "draining": graceful shutdown calls it first, so balancers stop sending. */
  markDraining(): void;
};

type ReadinessOptions = {
  check: ReadinessCheck;
  /** How long one check's outcome is reused, so frequent probes neither hammer the gateway nor write each time. */
  cacheMs: number;
  now?: () => number;
};

/**
 * The readiness of this server: its one dependency checked at most once per cacheMs (probes that
 * come together share one check), and "draining" once shutdown began.
 */
export function createReadiness({ check, cacheMs, now = Date.now }: ReadinessOptions): Readiness {
  let draining = false;
  let last: { at: number; reason: string | null } | undefined;
  let running: Promise<string | null> | undefined;

  const run = async (): Promise<string | null> => {
    try {
      return await check();
    } catch {
      return 'the readiness check failed';
    }
  };

  return {
    async state() {
      if (draining) return { ready: false, reason: 'draining' };
      if (last === undefined || now() - last.at >= cacheMs) {
        running ??= run().finally(() => (running = undefined));
        const reason = await running;
        last = { at: now(), reason };
      }
      if (draining) return { ready: false, reason: 'draining' };
      return last.reason === null ? { ready: true } : { ready: false, reason: last.reason };
    },
    markDraining() {
      draining = true;
    },
  };
}
