export type TimelineEvent = { thread: string; what: string; start: number; end: number };
export const TIMELINE_ON: boolean;
export function clock(): number;
export function mark(thread: string, what: string, start: number, end?: number): void;
export function takeTimeline(): TimelineEvent[];
