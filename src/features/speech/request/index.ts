export { fieldOfGatewayError } from './gateway-field';
export { requestToValues } from './request-to-values';
export {
  SPEECH_FORM_DEFAULTS,
  parseSpeechForm,
  sentSpeechFormSchema,
  speechFormErrorMap,
  type SpeechFormField,
  type SpeechFormValues,
} from './speech-form-schema';
