import { saveFile } from '@/lib/save-file';

/** Saves `text` as a file the browser downloads. */
export const downloadText = (text: string, filename: string, type: string): void => saveFile(new Blob([text], { type }), filename);

/** A profile's name made safe for a file name (letters, digits, - and _ kept). */
export const fileSlug = (name: string) => name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'profile';
