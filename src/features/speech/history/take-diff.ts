import type { SpeechRequest } from '@/contract';

const COMPARED_PARAMETERS = [
  'sourceText',
  'targetLanguage',
  'voiceName',
  'timbreNumber',
  'common',
  'selectedEngine',
  'speedFactor',
  'volume',
  'emotion',
  'format',
] as const satisfies readonly (keyof SpeechRequest)[];

/** a, b: the values as text; undefined when the take's request did not send the parameter. */
type ParameterDifference = { parameter: (typeof COMPARED_PARAMETERS)[number]; a: string | undefined; b: string | undefined };

const show = (v: unknown) => (v === undefined ? undefined : String(v));

/** The request parameters that differ between two takes, in form order. */
export function parameterDifferences(a: SpeechRequest, b: SpeechRequest): ParameterDifference[] {
  return COMPARED_PARAMETERS.filter((p) => a[p] !== b[p]).map((parameter) => ({ parameter, a: show(a[parameter]), b: show(b[parameter]) }));
}
