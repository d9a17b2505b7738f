import { createPersistedStore } from '@/lib/persisted-store';
import { LOUDNESS_TARGETS } from './loudness';

/** Off, or a target of loudness/loudness.ts (−16 LUFS voice-over, −23 LUFS broadcast). */
export type LoudnessChoice = 'off' | keyof typeof LOUDNESS_TARGETS;

/** The choices in the order the setting offers them. */
export const LOUDNESS_CHOICES: readonly LoudnessChoice[] = ['off', ...(Object.keys(LOUDNESS_TARGETS) as (keyof typeof LOUDNESS_TARGETS)[])];

const schema = {
  safeParse: (value: unknown): { success: true; data: LoudnessChoice } | { success: false } => {
    const found = LOUDNESS_CHOICES.find((c) => c === value);
    return found ? { success: true, data: found } : { success: false };
  },
};

/** The target LUFS of a choice, or null for "off". */
export const loudnessTarget = (choice: LoudnessChoice): number | null => (choice === 'off' ? null : LOUDNESS_TARGETS[choice]);

/**
 * Whether joined takes and a script's files are normalized, and to which target: one setting for
 * the device, read by the long-text join, the script batch and its zip.
 */
export const loudnessSettingStore = createPersistedStore<LoudnessChoice>('console.speech.loudness', schema, 'off');
