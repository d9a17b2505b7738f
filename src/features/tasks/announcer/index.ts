// The page's status region: the last short confirmation ("Copied 12 IDs"), read out to screen readers.
export { announce, announcerStore, copyAndAnnounce, copyOutcome } from './announcer-store';
