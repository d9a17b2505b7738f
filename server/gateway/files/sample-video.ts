import { fileURLToPath } from 'node:url';

/** A real 2 s, 320x180 H.264/AAC MP4 (testsrc + 440 Hz tone) that every finished task yields. */
export const SAMPLE_VIDEO_PATH = fileURLToPath(new URL('./assets/sample-result.mp4', import.meta.url));
