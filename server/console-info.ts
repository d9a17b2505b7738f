/** What the console learns about the server it was loaded from (GET /api/_console/info). */
export type ConsoleInfo = {
  mode: 'embedded' | 'proxy';
  /** Emulator controls (/api/_emulator/*) are available. */
  emulator: boolean;
  /** Embedded mode only: the local emulator's first dev token, for "Use the local gateway". */
  defaultToken?: string;
  defaultUserId: string;
  /** Embedded mode only: syntheses one user may have in progress (SPEECH_QUEUE_PER_USER), the script queue's concurrency. */
  speechQueuePerUser?: number;
};

const DEFAULT_CONSOLE_USER_ID = '10001';

export function embeddedInfo(tokens: readonly string[], speechQueuePerUser?: number): ConsoleInfo {
  const [first] = tokens;
  return {
    mode: 'embedded',
    emulator: true,
    ...(first ? { defaultToken: first } : {}),
    defaultUserId: DEFAULT_CONSOLE_USER_ID,
    ...(speechQueuePerUser === undefined ? {} : { speechQueuePerUser }),
  };
}

/** In proxy mode no token is ever exposed: the operator brings their own. */
export function proxyInfo(): ConsoleInfo {
  return { mode: 'proxy', emulator: false, defaultUserId: DEFAULT_CONSOLE_USER_ID };
}
