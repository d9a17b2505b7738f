// A load generator in its own thread, so the clients' work does not run on the server's thread:
// new Worker(this file, { workerData: { port, request | requests, ms, concurrency } }) posts back
// { count, failed, ms, p50, p99, cpuMs } (latencies in ms; failed counts answers other than 200;
// cpuMs is the clients' own CPU time, on Linux). Each client is one keep-alive socket that writes prebuilt HTTP/1.1 requests (the same one, or the
// list in turn) and reads the answer by its Content-Length: far cheaper per request than fetch(),
// so the server, not the client, sets the pace.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port, request, requests = [request], ms, concurrency } = workerData;
const prebuilt = requests.map((r) => Buffer.from(r, 'latin1'));
const times = [];
let failed = 0;
/** CPU time (ms) of this thread, from Linux's /proc; NaN elsewhere. */
const threadCpuMs = () => {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'latin1').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
};
const cpuBefore = threadCpuMs();
const started = performance.now();
const end = started + ms;

function client(first) {
  let next = first;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let sentAt = 0;
    // The bytes of an answer's head split across reads, and how much of its body is still to come
    // (-1: a head is next). Bodies are counted, never copied or searched, so a 15 KB answer costs
    // the client little more than a 20-byte one and the server, not the client, sets the pace.
    let partialHead = null;
    let bodyLeft = -1;
    const send = () => {
      if (performance.now() >= end) return void socket.end(resolve);
      sentAt = performance.now();
      socket.write(prebuilt[next++ % prebuilt.length]);
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (input) => {
      const chunk = partialHead === null ? input : Buffer.concat([partialHead, input]);
      partialHead = null;
      let at = 0;
      while (at < chunk.length) {
        if (bodyLeft < 0) {
          const headEnd = chunk.indexOf('\r\n\r\n', at);
          if (headEnd < 0) return void (partialHead = chunk.subarray(at));
          const head = chunk.toString('latin1', at, headEnd);
          const length = /\r\ncontent-length: *(\d+)/i.exec(head);
          if (!length) return reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
          if (!head.startsWith('HTTP/1.1 200 ')) failed++;
          bodyLeft = Number(length[1]);
          at = headEnd + 4;
        }
        const take = Math.min(bodyLeft, chunk.length - at);
        bodyLeft -= take;
        at += take;
        if (bodyLeft > 0) return;
        bodyLeft = -1;
        times.push(performance.now() - sentAt);
        send();
      }
    });
  });
}

await Promise.all(Array.from({ length: concurrency }, (_, i) => client(Math.floor((i * prebuilt.length) / concurrency))));
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? NaN;
parentPort.postMessage({
  count: times.length,
  failed,
  ms: performance.now() - started,
  p50: pct(50),
  p99: pct(99),
  cpuMs: threadCpuMs() - cpuBefore,
});
