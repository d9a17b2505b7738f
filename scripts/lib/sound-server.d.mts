import type { ChildProcess } from 'node:child_process';
/** PulseAudio's arguments: no default script, a null sink and the local socket only, never exiting on its own. */
export declare const PULSEAUDIO_ARGS: readonly string[];
export declare function soundServerAnswers(): boolean;
export declare function startSoundServerIfNone(): Promise<ChildProcess | null>;
