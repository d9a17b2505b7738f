import type { ZipTake } from './build-zip';
import type { ScriptRow } from '../import/import-script';
import { takeCues } from '../../subtitles';
import type { StoredScriptTake } from '../queue/script-db';

/** The kept lines that have audio, as the zip takes them: named by their row's file name, with their subtitles. */
export function zipInputs(stored: readonly StoredScriptTake[], rows: readonly ScriptRow[]): ZipTake[] {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  return stored.flatMap((take) => {
    if (!take.audio) return [];
    const fileName = byLine.get(take.line)?.fileName;
    const text = take.request.sourceText;
    const { cues } = takeCues({ speeches: take.result.speeches, text, durationMs: take.durationMs ?? 0 });
    return [
      {
        line: take.line,
        ...(fileName === undefined ? {} : { fileName }),
        audio: take.audio,
        format: take.format,
        pcmFormat: take.pcmFormat,
        textSent: text,
        request: take.request,
        durationMs: take.durationMs,
        taskId: take.result.taskId,
        cues,
      },
    ];
  });
}
