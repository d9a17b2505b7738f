/**
 * One upstream exchange's deadline: an AbortController that a plain timer aborts, also aborted when
 * the client leaves. Not AbortSignal.any([client, AbortSignal.timeout(ms)]): Node 20 holds the
 * timeout signal only weakly from the combined one, so after a garbage collection the timeout never
 * fired (a stalled gateway held a proxy request for 301 s). The timer here is strongly held until
 * end() clears it, and the exchange counts as one: headers and the whole body.
 */
export type UpstreamDeadline = {
  signal: AbortSignal;
  /** True once the timer, not the client, aborted the exchange. */
  readonly expired: boolean;
  /** The exchange is over (read or given up): the timer and the client listener go. */
  end(): void;
  /** Bytes came: the timer starts again (the audio relay's deadline is one of silence, not of the whole transfer). */
  touch(): void;
};

export function upstreamDeadline(timeoutMs: number, client?: AbortSignal): UpstreamDeadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const onClientGone = () => controller.abort(client?.reason);
  if (client?.aborted) onClientGone();
  else client?.addEventListener('abort', onClientGone, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    end() {
      clearTimeout(timer);
      client?.removeEventListener('abort', onClientGone);
    },
    touch() {
      if (!expired && !controller.signal.aborted) timer.refresh();
    },
  };
}

/**
 * How the proxy's node:http client learns that its exchange was given up (the deadline passed or
 * the client left) without an AbortController and its event target per request: one listener at a
 * time, set by whichever step is waiting (the head, then the body).
 */
export type Cancel = {
  /** Why the exchange was given up, once it was. */
  readonly reason: Error | undefined;
  /** Called once if the exchange is given up while it is set; null: nothing is waiting any more. */
  onCancel(listener: ((reason: Error) => void) | null): void;
};

export type ExchangeDeadline = Cancel & {
  /** True once the timer, not the client, gave the exchange up. */
  readonly expired: boolean;
  /** The client left: give the exchange up now. */
  cancel(reason: Error): void;
  /** The exchange is over: the timer goes. */
  end(): void;
};

/**
 * The proxy's one deadline over head and body (as upstreamDeadline above, the timer strongly held
 * until end()), for the node:http client: a plain timer and one callback, where an AbortController,
 * its signal's listeners and the client's own cost several µs of every request.
 */
export function exchangeDeadline(timeoutMs: number): ExchangeDeadline {
  return new ExchangeTimer(timeoutMs);
}

/** A class, not closures: tsx names each function a closure makes, a cost on every request. */
class ExchangeTimer implements ExchangeDeadline {
  reason: Error | undefined = undefined;
  expired = false;
  private listener: ((reason: Error) => void) | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.cancel(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
  }

  onCancel(listener: ((reason: Error) => void) | null): void {
    this.listener = listener;
  }

  cancel(reason: Error): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    clearTimeout(this.timer);
    const waiting = this.listener;
    this.listener = null;
    waiting?.(reason);
  }

  end(): void {
    this.listener = null;
    clearTimeout(this.timer);
  }
}
