export { ResultPanel } from './result-panel';
export { SynthesisError } from './synthesis-error';
