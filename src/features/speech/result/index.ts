export { RESULT_TITLE_ID, ResultPanel } from './result-panel';
export { SynthesisError } from './synthesis-error';
