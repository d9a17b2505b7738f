import { useFormat } from '@/hooks/use-format';
import { useT } from '@/hooks/use-t';
import { useTakeLoudness } from '../../hooks/use-take-loudness';
import type { LoudnessNote, Take } from '../../model/take';

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

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
    return <>{error.format === 'mp3' ? t('speech.takes.unknownMp3') : t('speech.takes.unknownBits')}</>;
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
    if (note.reason === 'mp3') return <>{t('speech.takes.notNormalizedMp3')}</>;
    return <>{note.reason === 'bits' ? t('speech.takes.notNormalizedBits') : t('speech.takes.notNormalizedUnreadable')}</>;
  }
  const target = f.number(note.targetLufs);
  if (note.limitedByPeak) return <>{t('speech.takes.limited', { lufs: n(note.lufs), target })}</>;
  return <>{t('speech.takes.normalized', { target, from: n(note.fromLufs) })}</>;
}
