/**
 * Each operation's path under {base_url}. Kept apart from the schemas in operations.ts so the console's
 * first-load bundle, which needs only the paths, does not carry every operation's schemas.
 */
export const OPERATION_PATHS = {
  taskStatus: '/textRemoval/taskStatus',
  textToSpeech: '/speechSynthesis/textToSpeech',
} as const;

export type OperationName = keyof typeof OPERATION_PATHS;

export const OPERATION_NAMES = Object.keys(OPERATION_PATHS) as OperationName[];
