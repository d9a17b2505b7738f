// A load generator in its own thread, so the clients' work does not run on the server's thread:
// new Worker(this file, { workerData: { port, request | requests, ms, concurrency } }) posts back
// { count, failed, ms, p50, p99 } (latencies in ms; failed counts answers other than 200). Each
// client is one keep-alive socket that writes prebuilt HTTP/1.1 requests (the same one, or the
// list in turn) and reads the answer by its Content-Length: far cheaper per request than fetch(),
// so the server, not the client, sets the pace.
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port, request, requests = [request], ms, concurrency } = workerData;
const prebuilt = requests.map((r) => Buffer.from(r, 'latin1'));
const times = [];
let failed = 0;
const started = performance.now();
const end = started + ms;

function client(first) {
  let next = first;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      if (performance.now() >= end) return void socket.end(resolve);
      sentAt = performance.now();
      socket.write(prebuilt[next++ % prebuilt.length]);
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = buffer.subarray(0, headEnd).toString('latin1');
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        if (!length) return reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        const total = headEnd + 4 + Number(length[1]);
        if (buffer.length < total) return;
        if (!head.startsWith('HTTP/1.1 200 ')) failed++;
        buffer = buffer.subarray(total);
        times.push(performance.now() - sentAt);
        send();
      }
    });
  });
}

await Promise.all(Array.from({ length: concurrency }, (_, i) => client(Math.floor((i * prebuilt.length) / concurrency))));
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? NaN;
parentPort.postMessage({ count: times.length, failed, ms: performance.now() - started, p50: pct(50), p99: pct(99) });
