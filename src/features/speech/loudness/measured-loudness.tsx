import type { AudioFormat } from '@/contract';
import { useFormat } from '@/hooks/use-format';
import { useT } from '@/hooks/use-t';
import type { MessageKey } from '@/i18n/i18n-store';
import { useTakeLoudness } from './use-take-loudness';
import type { LoudnessNote, Take } from '../take';

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** Why a take of each format may go unmeasured: MP3 not decoded here, WAV and PCM only at 16 bits. */
const UNKNOWN_BECAUSE: Record<AudioFormat, MessageKey> = {
  mp3: 'speech.takes.unknownMp3',
  wav: 'speech.takes.unknownBits',
  pcm: 'speech.takes.unknownBits',
};

const NOT_NORMALIZED_BECAUSE: Record<Extract<LoudnessNote, { normalized: false }>['reason'], MessageKey> = {
  mp3: 'speech.takes.notNormalizedMp3',
  bits: 'speech.takes.notNormalizedBits',
  unreadable: 'speech.takes.notNormalizedUnreadable',
};

/** The take's loudness as the worker measured it ("−18.3 LUFS · −2.1 dBTP"), or why it is unknown: never a guess. */
export function MeasuredLoudness({ take, audio }: { take: Take; audio?: Blob | null }) {
  const measured = useTakeLoudness(take, audio);
  const t = useT();
  const f = useFormat();
  if (measured === null) return <>{t('speech.takes.noAudio')}</>;
  if (measured === 'measuring') return <>{t('speech.takes.measuring')}</>;
  if (!measured.ok) {
    const { error } = measured;
    if (error.code === 'unreadableAudio') return <>{t('speech.takes.unknownUnreadable')}</>;
    return <>{t(UNKNOWN_BECAUSE[error.format])}</>;
  }
  // Silence has no loudness (−∞ LUFS) and no peak to speak of.
  if (!Number.isFinite(measured.lufs) || !Number.isFinite(measured.truePeakDbtp)) return <>{t('speech.takes.silent')}</>;
  return (
    <>{t('speech.takes.measured', { lufs: f.number(measured.lufs, ONE_DECIMAL), dbtp: f.number(measured.truePeakDbtp, ONE_DECIMAL) })}</>
  );
}

/** What the loudness setting did when the take was made: "Normalized to −16 LUFS (was −21.4)", or why not. */
export function LoudnessNoteText({ note }: { note: LoudnessNote }) {
  const t = useT();
  const f = useFormat();
  const n = (v: number) => (Number.isFinite(v) ? f.number(v, ONE_DECIMAL) : t('speech.takes.silent'));
  if (!note.normalized) {
    return <>{t(NOT_NORMALIZED_BECAUSE[note.reason])}</>;
  }
  const target = f.number(note.targetLufs);
  if (note.limitedByPeak) return <>{t('speech.takes.limited', { lufs: n(note.lufs), target })}</>;
  return <>{t('speech.takes.normalized', { target, from: n(note.fromLufs) })}</>;
}
