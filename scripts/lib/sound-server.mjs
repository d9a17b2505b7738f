// A sound server for the browser tests' Firefox project: headless Firefox plays audio only through one (with none,
// playback fails with OnMediaSinkAudioError). PulseAudio with its null sink is one on a machine with no sound
// device; `npm test` starts it when none answers and stops it by its PID when done (.ci/run starts its own first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PULSEAUDIO = '/usr/bin/pulseaudio';
/** No default script (-n): only a null sink and the local socket; never exits on its own while the tests run. */
export const PULSEAUDIO_ARGS = [
  '--daemonize=no',
  '--exit-idle-time=-1',
  '--disallow-exit',
  '-n',
  '--load=module-null-sink',
  '--load=module-native-protocol-unix',
  '--log-target=stderr',
  '--log-level=error',
];

/** Whether a PulseAudio-speaking server (PulseAudio, PipeWire's pulse) answers this user. */
export function soundServerAnswers() {
  return spawnSync('pactl', ['info'], { stdio: 'ignore', timeout: 5_000 }).status === 0;
}

/**
 * Starts PulseAudio when no sound server answers and it is installed; waits until it answers (at most 5 s).
 * @returns {Promise<import('node:child_process').ChildProcess | null>} the server started, to stop by its PID; null if none was started
 */
export async function startSoundServerIfNone() {
  if (!existsSync(PULSEAUDIO) || soundServerAnswers()) return null;
  const server = spawn(PULSEAUDIO, PULSEAUDIO_ARGS, { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 50 && server.exitCode === null && !soundServerAnswers(); i++) await new Promise((r) => setTimeout(r, 100));
  if (server.exitCode !== null || !soundServerAnswers()) {
    server.kill();
    console.error('PulseAudio did not start: the Firefox journeys that play audio will say so');
    return null;
  }
  return server;
}
