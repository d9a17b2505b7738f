import type { SortableRow } from '../../rows';
import type { QueryRow } from '../language/compile-query';

/**
 * What the list's worker keeps of a row: what the query's tests and the sorts read, and no more. Its snapshot only for a
 * running task (the only kind whose snapshot a test reads: compile-query.ts), a download link only as "there is one";
 * its ID lower-cased, made here (the page's rows do not keep it).
 */
export type SearchRow = QueryRow & SortableRow & { idLower: string | null };
