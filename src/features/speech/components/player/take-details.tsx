import { EMBEDDED_PCM } from '@/contract';
import { formatSeconds } from '@/lib/format';
import type { Take } from '../../model/take';
import { resultUserId } from '../../model/result-user-id';
import { IS_RAW_SAMPLES } from '../../model/sniff-audio';
import styles from './player.module.css';

const or = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));
const kb = (n: number) => `${(n / 1024).toFixed(n < 10_240 ? 1 : 0)} KB`;

/** What the gateway said about the take, and what the console did with its audio. */
export function TakeDetails({ take, duration }: { take: Take; duration: number }) {
  const { result, request, audio, pcmFormat } = take;
  const raw = IS_RAW_SAMPLES[take.format];
  const pcmNote = raw ? ` · read as ${pcmFormat.bitsPerSample}-bit, ${pcmFormat.channels} ch, ${pcmFormat.sampleRate} Hz` : '';
  const nonDefaultPcm = raw && pcmFormat.sampleRate !== EMBEDDED_PCM.sampleRate;
  return (
    <dl className={styles.takeDetails}>
      <div>
        <dt>Duration</dt>
        <dd>{duration > 0 ? formatSeconds(duration) : '—'}</dd>
      </div>
      <div>
        <dt>Format</dt>
        <dd>
          {take.format.toUpperCase()}
          {pcmNote}
          {nonDefaultPcm ? ' (not the embedded default)' : ''}
        </dd>
      </div>
      <div>
        <dt>Detected source language</dt>
        <dd>{or(result.sourceLanguage)}</dd>
      </div>
      <div>
        <dt>Target language</dt>
        <dd>
          {or(result.targetLanguage)}
          {request.targetLanguage ? '' : ' (Auto)'}
        </dd>
      </div>
      <div>
        <dt>Voice</dt>
        <dd>{request.voiceName ?? `timbre ${or(request.timbreNumber)}`}</dd>
      </div>
      <div>
        <dt>{take.parts ? 'Task ID (first part)' : 'Task ID'}</dt>
        <dd>
          <code>{result.taskId}</code>
          {take.parts && take.parts.length > 1 ? ` and ${take.parts.length - 1} more: one per part` : ''}
        </dd>
      </div>
      <div>
        <dt>User ID</dt>
        <dd>{or(resultUserId(result.userId, take.connection.userId))}</dd>
      </div>
      <div>
        <dt>Audio kept</dt>
        <dd>{audio.kept ? `Yes, ${kb(audio.byteLength)} in this browser` : `No — ${audio.reason}`}</dd>
      </div>
    </dl>
  );
}
