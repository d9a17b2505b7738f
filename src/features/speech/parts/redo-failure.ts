import type { RedoError } from './redo-part';

/** Why a part could not be made again: the redo's code (another format came back), or no readable audio. */
export class RedoPartError extends Error {
  constructor(
    readonly index: number,
    readonly reason: RedoError | { code: 'noAudio' },
  ) {
    super(reason.code);
    this.name = 'RedoPartError';
  }
}
