export declare const NO_FIREFOX_MESSAGE: string;
export declare function findFirefox(env?: Record<string, string | undefined>): string | null;
