import { MAX_TASK_ID_LENGTH } from '../../task';

/**
 * The bounds a query is held to before any work is done on it (docs/query-language.md, "Limits"): the query box, a
 * stored query, an address's `q` and a view link are anyone's text, and each term is a test per row per keystroke.
 */

/** Longest query applied (a view link is cut there too): past it nothing of it applies and the box says so. */
export const MAX_QUERY_LENGTH = 2_000;
/**
 * Longest free text or list item (an `id:` glob): the longest task ID the console takes, so a longer one could match
 * none. It bounds a glob's automaton at 129 states, 5 words moved per character of an ID (glob.ts).
 */
export const MAX_VALUE_LENGTH = MAX_TASK_ID_LENGTH;
/** Most terms and list items a query may hold; the rest is left out with one error. */
export const MAX_QUERY_PARTS = 50;
