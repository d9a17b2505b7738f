import type { AudioFormat, SpeechRequest } from '@/contract';

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .slice(0, 5)
    .join('-');

/** The file extension of each format's audio (a download, a zip entry). */
export const FILE_EXTENSION: Record<AudioFormat, string> = { wav: 'wav', pcm: 'pcm', mp3: 'mp3' };

/** e.g. "hello-from-the-console_en-us+f3_Service_AI1234.wav": what was said, by which voice, which task. */
export function audioFileName(request: SpeechRequest, taskId: string, format: AudioFormat): string {
  const words = slug(request.sourceText).slice(0, 40) || 'speech';
  const voice = request.voiceName ?? (request.timbreNumber !== undefined ? `timbre-${request.timbreNumber}` : 'voice');
  const safe = (s: string) => s.replace(/[^\w+.-]/g, '_');
  return `${words}_${safe(voice)}_${safe(taskId)}.${FILE_EXTENSION[format]}`;
}
