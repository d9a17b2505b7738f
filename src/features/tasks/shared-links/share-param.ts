/** The key of a shared watch-list link's IDs, in its fragment (`#ids=…`) or its query (`?ids=…`). */
export const SHARE_PARAM = 'ids';

/** Whether an address's fragment is a shared list's (`#ids=…`). */
export const isSharedHash = (hash: string): boolean => hash.startsWith(`#${SHARE_PARAM}=`);

/** Whether an address shares a list: its IDs in the fragment or in the query. */
export const sharesIds = (hash: string, search: string): boolean => isSharedHash(hash) || new URLSearchParams(search).has(SHARE_PARAM);
