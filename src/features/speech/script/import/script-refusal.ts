/**
 * Bounds on one script, decided before any work: a production script (a video's voice-over, a
 * course module, an audiobook chapter) is tens to hundreds of lines. Each line is a request, a take
 * kept in this browser and a file in one zip: 1,000 lines of about 6 s each are 100 minutes of
 * speech and some 260 MB of WAV, as much as one zip made in the page should hold. A file is read
 * only when it is at most 2 MB (checked on its size, before reading), and checked only when it is
 * at most 2,000,000 characters (pasted text too): 1,000 lines of 2,000 bytes each on average.
 */
export const SCRIPT_MAX_BYTES = 2_000_000;
export const SCRIPT_MAX_CHARS = 2_000_000;
export const SCRIPT_MAX_LINES = 1_000;

/** What a script file was read as; anything else is refused. */
export type ScriptEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
 * Why a whole script is not imported: codes and params only; the Script tab words them
 * (docs/script-messages.md). Nothing is imported when one applies.
 */
export type ScriptRefusal =
  | { code: 'fileTooLarge'; bytes: number; max: number }
  | { code: 'notUtf8'; line: number }
  | { code: 'notText' }
  | { code: 'badUtf16'; encoding: Exclude<ScriptEncoding, 'utf-8'> }
  | { code: 'tooManyChars'; chars: number; max: number }
  | { code: 'tooManyLines'; lines: number; max: number };
