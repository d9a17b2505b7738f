export { speechDb } from './speech-db';
export { readStoredAudio, writeAudio, type StoredAudio } from './stored-audio';
export { useStorageEstimate } from './use-storage-estimate';
