import type { Cue } from './subtitle-cues';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** HH:MM:SS{sep}mmm: SRT wants a comma, WebVTT a point; hours always two digits or more. */
function timestamp(ms: number, separator: ',' | '.'): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(t % 1000, 3)}`;
}

/** SubRip: numbered cues, CRLF line ends (what most players and editors write); "-->" cannot appear in a cue's text. */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((c, i) =>
      [String(i + 1), `${timestamp(c.startMs, ',')} --> ${timestamp(c.endMs, ',')}`, ...c.lines.map((l) => l.replaceAll('-->', '->'))].join(
        '\r\n',
      ),
    )
    .map((block) => `${block}\r\n\r\n`)
    .join('');
}

/** WebVTT: the header, then cues; text escaped (&, <, >), so no markup and no "-->" in a cue. */
export function toVtt(cues: readonly Cue[]): string {
  const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return `WEBVTT\n\n${cues.map((c) => `${timestamp(c.startMs, '.')} --> ${timestamp(c.endMs, '.')}\n${c.lines.map(escape).join('\n')}\n\n`).join('')}`;
}
