import type { ChildProcess } from 'node:child_process';
export declare function soundServerAnswers(): boolean;
export declare function startSoundServerIfNone(): Promise<ChildProcess | null>;
