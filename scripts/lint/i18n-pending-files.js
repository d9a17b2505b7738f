// Components not yet moved to the message catalogs: the no-literal-ui-text rule skips them.
// Delete a file's line in the commit that converts it (docs/i18n.md). This list must end empty.
export const I18N_PENDING_FILES = [];

// .ts files not yet converted: the no-prose-in-ts rule skips them (same rule: delete the line with
// the conversion; this list must end empty).
export const I18N_PENDING_TS_FILES = [];

// .ts files whose English sentences are not UI text, and why: the no-prose-in-ts rule skips them.
export const I18N_NON_UI_TS_FILES = {
  'src/contract/speech.ts': "the gateway's 2001 wording for a speech request, shared with the server; the form words problems by code",
  'src/contract/task-status-schema.ts': "the gateway's 2001 wording for task IDs, shared with the server",
  'src/features/speech/lexicon/files/lexicon-csv.ts':
    'the header row of the lexicon CSV file format (column names, kept so a file imports anywhere)',
  'src/features/speech/form/voice-sample.ts': "sample sentences spoken in the voice's own language, not in the operator's",
  'src/contract/error-codes.ts': "the gateway's own 2000/2001 messages (the spec's wording), shared with the server",
  'src/contract/headers.ts':
    "the gateway's 2001 wording for header values, shared with the server; Settings words them by id (problem-text.ts)",
  'src/contract/task-status.ts': "the gateway's 2001 wording for task IDs, shared with the server",
  'src/lib/connection-profile.ts': "the schema's English messages as ids (ProfileProblem); Settings words them (problem-text.ts)",
  'src/features/speech/long-text/split-text.ts': 'abbreviations the sentence splitter knows, not text for people',
  'src/features/tasks/query/warm-up-filter.ts':
    "a query in the console's query language, run over the list's rows in an idle moment to warm the JIT; never shown",
  'src/i18n/vite-plugin-catalogs.ts': "the build's own errors about the catalogs' layout, read by developers in a terminal",
};
