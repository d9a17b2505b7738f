import { EMBEDDED_PCM } from '@/contract';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { formatSeconds } from '@/lib/format';
import type { Take } from '../take';
import { resultUserId } from './result-user-id';
import { IS_RAW_SAMPLES } from '../audio';
import { LoudnessNoteText, MeasuredLoudness } from '../loudness';
import styles from './result.module.css';

const or = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

/** What the gateway said about the take, and what the console did with its audio. */
export function TakeDetails({ take, duration, blob }: { take: Take; duration: number; blob?: Blob | null }) {
  const { result, request, audio, pcmFormat } = take;
  const raw = IS_RAW_SAMPLES[take.format];
  const t = useT();
  const f = useFormat();
  const pcmNote = raw
    ? t('speech.details.pcmRead', { bits: pcmFormat.bitsPerSample, channels: pcmFormat.channels, rate: String(pcmFormat.sampleRate) })
    : '';
  const nonDefaultPcm = raw && pcmFormat.sampleRate !== EMBEDDED_PCM.sampleRate;
  return (
    <dl className={styles.takeDetails}>
      <div>
        <dt>{t('speech.details.duration')}</dt>
        <dd>{duration > 0 ? formatSeconds(duration) : '—'}</dd>
      </div>
      <div>
        <dt>{t('speech.details.format')}</dt>
        <dd>
          {take.format.toUpperCase()}
          {pcmNote}
          {nonDefaultPcm ? t('speech.details.notDefault') : ''}
        </dd>
      </div>
      <div>
        <dt>{t('speech.takes.loudness')}</dt>
        <dd>
          <MeasuredLoudness take={take} audio={blob} />
          {take.loudness && (
            <>
              <br />
              <LoudnessNoteText note={take.loudness} />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('speech.details.sourceLanguage')}</dt>
        <dd>{or(result.sourceLanguage)}</dd>
      </div>
      <div>
        <dt>{t('speech.details.targetLanguage')}</dt>
        <dd>
          {or(result.targetLanguage)}
          {request.targetLanguage ? '' : t('speech.details.auto')}
        </dd>
      </div>
      <div>
        <dt>{t('speech.details.voice')}</dt>
        <dd>{request.voiceName ?? t('speech.take.timbre', { n: or(request.timbreNumber) })}</dd>
      </div>
      <div>
        <dt>{take.parts ? t('speech.details.taskIdFirst') : t('speech.details.taskId')}</dt>
        <dd>
          <code>{result.taskId}</code>
          {take.parts && take.parts.length > 1 ? t('speech.details.moreTasks', { count: take.parts.length - 1 }) : ''}
        </dd>
      </div>
      <div>
        <dt>{t('speech.details.userId')}</dt>
        <dd>{or(resultUserId(result.userId, take.connection.userId))}</dd>
      </div>
      <div>
        <dt>{t('speech.details.audioKept')}</dt>
        <dd>
          {audio.kept
            ? t('speech.details.keptYes', { size: f.bytes(audio.byteLength) })
            : t('speech.details.keptNo', { reason: audio.reason })}
        </dd>
      </div>
    </dl>
  );
}
