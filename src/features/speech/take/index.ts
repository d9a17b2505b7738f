export { makeTake } from './make-take';
export { synthesizeSpeech } from './synthesize-speech';
export { clearTakes, deleteTake, listTakes, readAudio, saveTake } from './take-db';
export { newTakeId, type LoadedTake, type LoudnessNote, type Take, type TakePart } from './take';
