import * as z from 'zod/mini';
import { SPEC_AUDIO_FORMATS } from '@/contract';
import { createPersistedStore } from '@/lib/persisted-store';
import { persistedValue } from '@/lib/set-aside';
import { SPEECH_FORM_DEFAULTS as D, type SpeechFormValues } from '../request';

// Field by field: a value of the wrong type (older version, hand edit) falls back to its default.
const draftSchema = z.object({
  sourceText: z.catch(z.string(), D.sourceText),
  targetLanguage: z.catch(z.string(), D.targetLanguage),
  voiceName: z.catch(z.string(), D.voiceName),
  timbreNumber: z.catch(z.string(), D.timbreNumber),
  common: z.catch(z.string(), D.common),
  selectedEngine: z.catch(z.string(), D.selectedEngine),
  speedFactor: z.catch(z.number(), D.speedFactor),
  volume: z.catch(z.number(), D.volume),
  emotion: z.catch(z.number(), D.emotion),
  format: z.catch(z.enum(SPEC_AUDIO_FORMATS), D.format),
});

/** The form's last draft, saved as it is typed. */
export const draftStore = createPersistedStore<SpeechFormValues>('console.speech.draft', draftSchema, D);

/** The draft as a value the form reads as it starts: a draft that breaks the form is set aside (components/panel-boundary.tsx). */
export const draftStored = persistedValue('speechDraft', draftStore, D);
