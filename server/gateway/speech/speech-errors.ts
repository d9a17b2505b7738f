/** The client went away (or the server is stopping): the job was dropped, nothing is charged. */
export class SynthesisCancelledError extends Error {
  constructor() {
    super('the synthesis was cancelled: its client left');
    this.name = 'SynthesisCancelledError';
  }
}

/** The audio would be longer than SPEECH_MAX_OUTPUT_SECONDS allows. */
export class OutputTooLongError extends Error {
  constructor(
    readonly seconds: number,
    readonly maxSeconds: number,
  ) {
    super(`the audio would last about ${Math.round(seconds)} s, more than the ${maxSeconds} s this gateway allows`);
    this.name = 'OutputTooLongError';
  }
}
