export declare const MINIBROWSER: string;
export declare function onPath(program: string, env?: Record<string, string | undefined>): boolean;
export declare function missingForWebKit(env?: Record<string, string | undefined>): string[];
export declare function noWebKitMessage(missing: string[]): string;
