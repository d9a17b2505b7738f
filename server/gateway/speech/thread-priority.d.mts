export const SYNTHESIS_NICE: number;
export function lowerThisThread(platform?: string): boolean;
