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
  };
}
