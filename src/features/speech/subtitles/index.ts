export { takeCues, type Cue } from './subtitle-cues';
export { SubtitleDownloads } from './subtitle-downloads';
export { toSrt, toVtt } from './subtitle-formats';
