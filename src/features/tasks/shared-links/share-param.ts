/** The key of a shared watch-list link's IDs, in its fragment (`#ids=…`) or its query (`?ids=…`). */
export const SHARE_PARAM = 'ids';
