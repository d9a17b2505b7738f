import * as z from 'zod/mini';
import { EMBEDDED_LANGUAGES, EMBEDDED_PCM } from '@/contract';
import { createPersistedStore } from '@/lib/persisted-store';
import type { PcmFormat } from '../audio';

/** name '' (the defaults): the language's name in the operator's language (form/speech-labels.ts). */
type LanguageOption = { code: string; name: string };
type StudioSettings = { pcm: PcmFormat; languages: LanguageOption[] };

export const DEFAULT_STUDIO_SETTINGS: StudioSettings = {
  pcm: { ...EMBEDDED_PCM },
  languages: EMBEDDED_LANGUAGES.map((l) => ({ code: l.code, name: '' })),
};

const intIn = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));
// 8-bit WAV is unsigned, so signed 8-bit PCM could not be wrapped as is.
const pcmFormatSchema = z.object({
  sampleRate: intIn(3000, 384000),
  channels: intIn(1, 8),
  bitsPerSample: z.union([z.literal(16), z.literal(24), z.literal(32)]),
});

export const isPcmFormat = (v: unknown): v is PcmFormat => pcmFormatSchema.safeParse(v).success;

const languageSchema = z.object({ code: z.string(), name: z.string() });
// Entries that are not {code, name} are dropped one by one; none left gives the defaults.
const languagesSchema = z.pipe(
  z.catch(z.array(z.unknown()), []),
  z.transform((list): LanguageOption[] => {
    const kept = list.flatMap((l) => {
      const parsed = languageSchema.safeParse(l);
      return parsed.success ? [parsed.data] : [];
    });
    return kept.length > 0 ? kept : DEFAULT_STUDIO_SETTINGS.languages;
  }),
);

const studioSettingsSchema = z.object({
  pcm: z.catch(pcmFormatSchema, { ...EMBEDDED_PCM }),
  languages: languagesSchema,
});

export const studioSettingsStore = createPersistedStore<StudioSettings>(
  'console.speech.settings',
  studioSettingsSchema,
  DEFAULT_STUDIO_SETTINGS,
);
