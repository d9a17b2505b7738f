export { speechDb } from './speech-db';
export { useStorageEstimate } from './use-storage-estimate';
