import { ErrorCode } from '@/contract';
import { parameterIn } from '@/i18n/describe-error-code';
import { GatewayRequestError } from '@/lib/gateway-error';
import { SPEECH_FORM_DEFAULTS, type SpeechFormField } from './speech-form-schema';

const FORM_FIELDS = Object.keys(SPEECH_FORM_DEFAULTS) as SpeechFormField[];

/** The form field a 2000/2001 answer names ("Invalid Parameter: speedFactor must be …"), if any. */
export function fieldOfGatewayError(error: unknown): SpeechFormField | null {
  if (!(error instanceof GatewayRequestError) || error.kind !== 'envelope') return null;
  if (error.code !== ErrorCode.missingParameter && error.code !== ErrorCode.invalidParameter) return null;
  const parameter = parameterIn(error.message);
  return FORM_FIELDS.find((f) => f === parameter) ?? null;
}
