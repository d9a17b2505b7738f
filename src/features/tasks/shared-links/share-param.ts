/** The key of a shared watch-list link's IDs, in its fragment (`#ids=…`) or its query (`?ids=…`). */
export const SHARE_PARAM = 'ids';

/** Whether an address's fragment is a shared list's (`#ids=…`). */
export const isSharedHash = (hash: string): boolean => hash.startsWith(`#${SHARE_PARAM}=`);
