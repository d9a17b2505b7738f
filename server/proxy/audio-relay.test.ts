import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { consoleSecret } from '../console-secret';
import { createConsoleMetrics } from '../observability/console-metrics';
import { createGatewayProxy } from './gateway-proxy';

/** A RIFF/WAVE header and some samples: what the relay recognises as WAV. */
function wav(samples = 2_000): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples).fill(7);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WAVEfmt '), 8);
  return bytes;
}
const AUDIO = wav();
const answer = (targetAudioUrl: string) =>
  new Response(JSON.stringify({ code: 0, message: 'OK', data: { targetAudioUrl, speeches: [] } }), {
    headers: { 'content-type': 'application/json' },
  });

type ProxyOptions = { audio?: () => Response; audioOrigins?: string[]; gatewayUrl?: string; secret?: string; now?: () => number };
type Ticket = { exp: number; sig: string };

const relayQuery = (u: string, ticket?: Ticket) =>
  `u=${encodeURIComponent(u)}${ticket ? `&exp=${ticket.exp}&sig=${encodeURIComponent(ticket.sig)}` : ''}`;

/**
 * A proxy in front of a fake gateway. speak() keeps the ticket each answer carried, as the browser's
 * history does, and fetchAudio(u) sends it along when there is one for u.
 */
function proxyWith(
  audioUrl: string,
  { audio, audioOrigins, gatewayUrl = 'https://gw.test/api', secret = 's'.repeat(32), now }: ProxyOptions = {},
) {
  const serveAudio = audio ?? (() => new Response(AUDIO, { headers: { 'content-type': 'audio/wav' } }));
  const upstream = vi.fn(async (input: RequestInfo | URL) => (String(input).endsWith('/textToSpeech') ? answer(audioUrl) : serveAudio()));
  const options = {
    gatewayUrl,
    secret,
    fetch: upstream as typeof fetch,
    ...(audioOrigins ? { audioOrigins } : {}),
    ...(now ? { now } : {}),
  };
  const app = createGatewayProxy(options);
  const tickets = new Map<string, Ticket>();
  const speak = async () => {
    const res = await app.request('/speechSynthesis/textToSpeech', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer operator-token-123' },
    });
    const text = await res.text();
    const json = JSON.parse(text) as { data: { targetAudioUrl: string; consoleAudioTicket?: Ticket } };
    if (json.data.consoleAudioTicket) tickets.set(json.data.targetAudioUrl, json.data.consoleAudioTicket);
    return { text, json };
  };
  const fetchAudio = (u: string, origin = 'http://console.test') =>
    app.request(`${origin}/_console/audio?${relayQuery(u, tickets.get(u))}`);
  return { upstream, speak, fetchAudio, tickets, options };
}

describe('audio relay (proxy mode)', () => {
  it('serves, from this origin, the audio URL a speech answer just carried', async () => {
    const { speak, fetchAudio, upstream } = proxyWith('https://files.test/a/1.wav', { audioOrigins: ['https://files.test'] });
    expect((await fetchAudio('https://files.test/a/1.wav')).status).toBe(404);
    await speak();
    const res = await fetchAudio('https://files.test/a/1.wav');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO);
    expect(upstream).toHaveBeenLastCalledWith('https://files.test/a/1.wav', expect.objectContaining({ redirect: 'manual' }));
  });

  it('resolves a relative audio URL against the gateway, and relays nothing else', async () => {
    const { speak, fetchAudio, upstream } = proxyWith('/files/audio/2.mp3');
    await speak();
    expect((await fetchAudio('/files/audio/2.mp3')).status).toBe(200);
    expect(upstream).toHaveBeenLastCalledWith('https://gw.test/files/audio/2.mp3', expect.anything());
    for (const other of ['/files/audio/3.mp3', 'http://169.254.169.254/latest', 'file:///etc/passwd', '']) {
      expect((await fetchAudio(other)).status).toBe(404);
    }
  });

  it('refuses audio above the size cap (declared) and a redirect', async () => {
    const big = proxyWith('https://gw.test/big.wav', {
      audio: () => new Response('x', { headers: { 'content-length': String(65 * 1024 * 1024) } }),
    });
    await big.speak();
    const res = await big.fetchAudio('https://gw.test/big.wav');
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('larger than 64 MiB');
    const moved = proxyWith('https://gw.test/r.wav', {
      audio: () => new Response(null, { status: 302, headers: { location: 'http://evil.test/' } }),
    });
    await moved.speak();
    expect((await moved.fetchAudio('https://gw.test/r.wav')).status).toBe(502);
  });
});

describe('audio relay: only audio, typed by its bytes', () => {
  const ID3: Uint8Array<ArrayBuffer> = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 1, 2, 3]);
  const FRAME: Uint8Array<ArrayBuffer> = new Uint8Array([0xff, 0xf3, 0x64, 0xc4, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const HTML = '<!doctype html><script src="/api/_console/audio?u=x"></script><script>window.pwned = 1</script>';
  const JS = 'window.pwned = 1;';

  it.each([
    ['a WAV file', AUDIO, 'text/html', 'audio/wav'],
    ['an MP3 with an ID3 tag', ID3, 'text/html', 'audio/mpeg'],
    ['an MP3 starting with a frame', FRAME, 'application/javascript', 'audio/mpeg'],
  ])('serves %s as its own audio type, whatever the upstream Content-Type says', async (_, bytes, said, served) => {
    const { speak, fetchAudio } = proxyWith('/a', { audio: () => new Response(bytes, { headers: { 'content-type': said } }) });
    await speak();
    const res = await fetchAudio('/a');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(served);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  // Before: the upstream's text/html or JavaScript came back with its own Content-Type, so a
  // <script src="/api/_console/audio?u=…"> on the console's origin ran it as 'self'.
  it.each([
    ['HTML', HTML, 'text/html; charset=utf-8'],
    ['JavaScript', JS, 'text/javascript'],
    ['HTML labelled audio', HTML, 'audio/wav'],
    ['bytes with no type (raw PCM)', '\x00\x01\x02\x03', ''],
  ])('serves %s as an octet-stream attachment, never as markup or script', async (_, text, said) => {
    const { speak, fetchAudio } = proxyWith('/x', {
      audio: () => {
        const res = new Response(text, said ? { headers: { 'content-type': said } } : {});
        if (!said) res.headers.delete('content-type');
        return res;
      },
    });
    await speak();
    const res = await fetchAudio('/x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(await res.text()).toBe(text);
  });

  it('serves an empty file as an empty attachment', async () => {
    const { speak, fetchAudio } = proxyWith('/e', { audio: () => new Response(new Uint8Array(0)) });
    await speak();
    const res = await fetchAudio('/e');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('audio relay: which URLs it fetches', () => {
  it('keeps URLs on the gateway origin and on AUDIO_ORIGINS only', async () => {
    const { speak, fetchAudio, upstream } = proxyWith('https://other.test/a.wav', { audioOrigins: ['https://files.test'] });
    await speak();
    expect((await fetchAudio('https://other.test/a.wav')).status).toBe(404);
    expect(upstream).toHaveBeenCalledTimes(1);
  });

  it.each([
    'http://127.0.0.1:8080/api/_console/info',
    'http://127.9.9.9/x',
    'http://localhost:8080/x',
    'http://app.localhost/x',
    'http://0.0.0.0:8080/x',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:8080/x',
    'http://[fe80::1]/x',
    'http://[febf::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://[::ffff:169.254.1.1]/x',
    'http://2130706433/x',
  ])('never fetches %s (loopback or link-local), even when listed', async (url) => {
    const origin = new URL(url).origin;
    const { speak, fetchAudio, upstream } = proxyWith(url, { audioOrigins: [origin] });
    await speak();
    expect((await fetchAudio(url)).status).toBe(404);
    expect(upstream).toHaveBeenCalledTimes(1);
  });

  it("fetches from a loopback gateway's own origin (the gateway is there), nothing else on loopback", async () => {
    const { speak, fetchAudio, upstream } = proxyWith('http://127.0.0.1:9000/files/a.wav', { gatewayUrl: 'http://127.0.0.1:9000/api' });
    await speak();
    expect((await fetchAudio('http://127.0.0.1:9000/files/a.wav')).status).toBe(200);
    const other = proxyWith('http://127.0.0.1:9001/api/_console/info', { gatewayUrl: 'http://127.0.0.1:9000/api' });
    await other.speak();
    expect((await other.fetchAudio('http://127.0.0.1:9001/api/_console/info')).status).toBe(404);
    expect(upstream).toHaveBeenCalledTimes(2);
  });

  it("refuses the console's own origin unless the gateway is there", async () => {
    const { speak, fetchAudio, upstream } = proxyWith('https://console.test/api/_console/info', { audioOrigins: ['https://console.test'] });
    await speak();
    const res = await fetchAudio('https://console.test/api/_console/info', 'https://console.test');
    expect(res.status).toBe(403);
    // Behind a TLS-terminating reverse proxy this server sees http:// and maybe another port.
    expect((await fetchAudio('https://console.test/api/_console/info', 'http://console.test:8080')).status).toBe(403);
    expect(upstream).toHaveBeenCalledTimes(1);
  });

  it('refuses URLs with credentials and URLs over 4 KB', async () => {
    for (const url of ['https://user:pw@gw.test/a.wav', `https://gw.test/${'a'.repeat(4_100)}.wav`]) {
      const { speak, fetchAudio, upstream } = proxyWith(url);
      await speak();
      expect((await fetchAudio(url)).status).toBe(404);
      expect(upstream).toHaveBeenCalledTimes(1);
    }
  });
});

describe('audio relay tickets (stateless across instances)', () => {
  it("the speech answer carries a ticket for its audio URL, and never the caller's token", async () => {
    const { speak, tickets } = proxyWith('https://gw.test/files/a.wav');
    const { text, json } = await speak();
    expect(json.data.consoleAudioTicket).toEqual({ exp: expect.any(Number), sig: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(text).not.toContain('operator-token-123');
    expect(tickets.size).toBe(1);
  });

  it('another instance with the same secret serves it; one with another secret does not', async () => {
    const a = proxyWith('https://gw.test/files/a.wav');
    await a.speak();
    const ticket = a.tickets.get('https://gw.test/files/a.wav')!;
    const path = `/_console/audio?${relayQuery('https://gw.test/files/a.wav', ticket)}`;
    expect((await createGatewayProxy(a.options).request(path)).status).toBe(200);
    const other = createGatewayProxy({ ...a.options, secret: 'o'.repeat(32) });
    expect((await other.request(path)).status).toBe(404);
  });

  it('after a restart with the same DATA_DIR, the secret kept there still serves the ticket', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relay-restart-'));
    const before = proxyWith('https://gw.test/files/a.wav', { secret: (await consoleSecret({ dataDir })).secret });
    await before.speak();
    const path = `/_console/audio?${relayQuery('https://gw.test/files/a.wav', before.tickets.get('https://gw.test/files/a.wav'))}`;
    const after = createGatewayProxy({ ...before.options, secret: (await consoleSecret({ dataDir })).secret });
    expect((await after.request(path)).status).toBe(200);
  });

  it('refuses a tampered URL, a tampered expiry, a missing signature, and an expired ticket', async () => {
    let now = Date.parse('2026-11-26T00:00:00Z');
    const a = proxyWith('https://gw.test/files/a.wav', { now: () => now });
    await a.speak();
    const ticket = a.tickets.get('https://gw.test/files/a.wav')!;
    const app = createGatewayProxy(a.options);
    const get = (u: string, t?: Ticket) => app.request(`/_console/audio?${relayQuery(u, t)}`);
    expect((await get('https://gw.test/files/a.wav', ticket)).status).toBe(200);
    expect((await get('https://gw.test/files/b.wav', ticket)).status).toBe(404);
    expect((await get('https://gw.test/files/a.wav', { ...ticket, exp: ticket.exp + 3600 })).status).toBe(404);
    expect((await get('https://gw.test/files/a.wav')).status).toBe(404);
    now += 169 * 3_600_000;
    const expired = await get('https://gw.test/files/a.wav', ticket);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toMatch(/expired/);
    expect(a.upstream).toHaveBeenCalledTimes(2);
  });

  it('still applies every rule to a signed URL: a ticket for a local address is refused', async () => {
    const { createAudioTickets } = await import('./audio-ticket');
    const forged = createAudioTickets({ secret: 's'.repeat(32), ttlMs: 60_000 }).issue('http://169.254.169.254/latest');
    const a = proxyWith('https://gw.test/files/a.wav', { audioOrigins: ['http://169.254.169.254'] });
    const res = await createGatewayProxy(a.options).request(`/_console/audio?${relayQuery('http://169.254.169.254/latest', forged)}`);
    expect(res.status).toBe(404);
    expect(a.upstream).not.toHaveBeenCalled();
  });

  it('drops a consoleAudioTicket the gateway itself sent', async () => {
    const upstream = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 0, data: { targetAudioUrl: 'http://127.0.0.1/x', consoleAudioTicket: { exp: 1, sig: 'x' } } }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    const app = createGatewayProxy({ gatewayUrl: 'https://gw.test/api', secret: 's'.repeat(32), fetch: upstream as typeof fetch });
    const res = await app.request('/speechSynthesis/textToSpeech', { method: 'POST', body: '{}' });
    expect(((await res.json()) as { data: object }).data).not.toHaveProperty('consoleAudioTicket');
  });
});

function collectGarbageMeanwhile(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const timer = setInterval(gc, 50);
  return () => clearInterval(timer);
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('audio relay deadline', () => {
  /** A real gateway server (fetch as Node does it): the speech answer, then audio as `audio` sends it. */
  async function relayFrom(audio: (res: import('node:http').ServerResponse) => void) {
    const timers = new Set<NodeJS.Timeout>();
    const server = createServer((req, res) => {
      if (req.url?.endsWith('/textToSpeech')) {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ code: 0, data: { targetAudioUrl: '/files/a.wav' } }));
      } else audio(res);
    });
    const origin = await listen(server);
    const drip = (res: import('node:http').ServerResponse) => {
      const timer = setInterval(() => res.write('x'), 1_000);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    };
    const app = createGatewayProxy({ gatewayUrl: `${origin}/api`, timeoutMs: 500 });
    const spoken = await app.request('/speechSynthesis/textToSpeech', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const { data } = (await spoken.json()) as { data: { consoleAudioTicket: Ticket } };
    const stop = collectGarbageMeanwhile();
    return {
      drip,
      get: () => app.request(`/_console/audio?${relayQuery('/files/a.wav', data.consoleAudioTicket)}`),
      done: async () => {
        stop();
        for (const t of timers) clearInterval(t);
        await close(server);
      },
    };
  }

  it('answers 502 when the audio server never sends headers, even after a GC', async () => {
    const relay = await relayFrom(() => undefined);
    try {
      const res = await relay.get();
      expect(res.status).toBe(502);
      expect(await res.text()).toMatch(/no answer within 500 ms/);
    } finally {
      await relay.done();
    }
  }, 5_000);

  it('answers 502 when the audio server drips its first bytes', async () => {
    const relay = await relayFrom((res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      relay.drip(res);
    });
    try {
      const res = await relay.get();
      expect(res.status).toBe(502);
    } finally {
      await relay.done();
    }
  }, 5_000);

  // Before: the deadline covered the whole transfer, so a long file over a slow link was cut at 60 s
  // (here 500 ms) however steadily it came. Now it is one of silence. The clock is a fake one, moved
  // 400 ms only once the relay has passed each piece on, so a loaded machine cannot change the outcome.
  it('relays a body that takes longer than the deadline in all, while bytes keep coming', async () => {
    const audio = wav(4_000);
    const pieces = 8;
    const step = Math.ceil(audio.byteLength / pieces);
    let upstream: import('node:http').ServerResponse | undefined;
    const server = createServer((req, res) => {
      if (req.url?.endsWith('/textToSpeech')) {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ code: 0, data: { targetAudioUrl: '/files/a.wav' } }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': String(audio.byteLength) });
      res.write(Buffer.from(audio.subarray(0, step)));
      upstream = res;
    });
    const origin = await listen(server);
    let relayed = 0;
    const app = createGatewayProxy({
      gatewayUrl: `${origin}/api`,
      timeoutMs: 500,
      metrics: { ...createConsoleMetrics({ version: 'test', mode: 'proxy' }), relayBytes: (n: number) => void (relayed += n) },
    });
    const spoken = await app.request('/speechSynthesis/textToSpeech', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const { data } = (await spoken.json()) as { data: { consoleAudioTicket: Ticket } };
    const nextTurn = () => new Promise((r) => setImmediate(r));
    const until = async (done: () => boolean) => {
      while (!done()) await nextTurn();
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const res = await app.request(`/_console/audio?${relayQuery('/files/a.wav', data.consoleAudioTicket)}`);
      expect(res.status).toBe(200);
      const body = res.arrayBuffer();
      let broken = false;
      body.catch(() => (broken = true));
      for (let sent = 1; sent <= pieces && !broken; sent++) {
        await until(() => broken || relayed >= Math.min(sent * step, audio.byteLength));
        // 400 ms of silence after each piece: 3.2 s in all, never 500 ms without a byte.
        await vi.advanceTimersByTimeAsync(400);
        if (sent < pieces && !broken) upstream!.write(Buffer.from(audio.subarray(sent * step, (sent + 1) * step)));
      }
      upstream!.end();
      expect(new Uint8Array(await body)).toEqual(audio);
    } finally {
      vi.useRealTimers();
      await close(server);
    }
  });

  it('breaks off a body that drips past the deadline', async () => {
    const relay = await relayFrom((res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      res.write(Buffer.from(wav(100)));
      relay.drip(res);
    });
    try {
      const res = await relay.get();
      expect(res.status).toBe(200);
      await expect(res.arrayBuffer()).rejects.toThrow();
    } finally {
      await relay.done();
    }
  }, 5_000);
});
