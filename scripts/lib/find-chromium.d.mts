export declare const NO_CHROMIUM_MESSAGE: string;
export declare function findChromium(env?: Record<string, string | undefined>): string | null;
export declare function findTestChromium(env?: Record<string, string | undefined>): string | null;
