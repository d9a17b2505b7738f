/** A chunk of the console's own code that could not be fetched, as Chromium, Firefox and Safari word it. */
const CODE_NOT_LOADED = /dynamically imported module|Importing a module script failed/i;

/** True for a failed import of the console's own code: trying again in place gives the same error (React.lazy keeps it), a reload may not. */
export const isCodeNotLoaded = (error: unknown): boolean => error instanceof Error && CODE_NOT_LOADED.test(error.message);
