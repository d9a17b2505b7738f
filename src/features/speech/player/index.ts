export { TakePlayer } from './take-player';
export type { AudioClock } from './use-audio-clock';
