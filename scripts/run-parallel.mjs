#!/usr/bin/env node
// `node scripts/run-parallel.mjs 'cmd a' 'cmd b && cmd c'`: runs each argument as a shell command, all
// at once, and fails if any fails. Each command's output is held and printed whole when it ends, so
// two checks' lines never interleave. `npm run lint` and `npm run typecheck` use it: their checks are
// single-threaded and independent, and CI has two cores (one stood idle while they ran in a row).
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <command> [<command>…]');
  process.exit(2);
}

const children = new Set();
// Ctrl-C reaches the children too (same process group); a SIGTERM (a CI timeout) is passed on.
process.once('SIGTERM', () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(143);
});

const codes = await Promise.all(commands.map(run));
const failed = commands.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(' | ')}`);
  process.exit(1);
}

/** @param {string} command @returns {Promise<number>} */
function run(command) {
  const started = Date.now();
  const child = spawn(command, {
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  children.add(child);
  /** @type {Buffer[]} */
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`--- ${command}: ${status}, ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}
