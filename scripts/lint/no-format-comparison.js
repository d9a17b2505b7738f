// ESLint rule: an audio format is never compared with one format's name (`format === 'mp3'`,
// `'wav' !== take.format`). Such a comparison sends every other format, a new one too, down the
// other branch without the typecheck saying so (issue 37: an Ogg take read as 16-bit samples). A
// per-format decision is a `Record<AudioFormat, …>` (or `Record<EmbeddedAudioFormat, …>`) or a
// `switch` ending in `assertNever`, so a format added to the list is a type error at every place
// that must decide (docs/adding-things.md, "An audio format").
import { readFileSync } from 'node:fs';

/** The names in the spec's list and the embedded gateway's list, read from their sources (a new one is covered at once). */
function formatNames() {
  const lists = [
    ['../../src/contract/limits.ts', 'SPEC_AUDIO_FORMATS'],
    ['../../server/gateway/speech/embedded-formats.ts', 'EMBEDDED_AUDIO_FORMATS'],
  ];
  const names = new Set();
  for (const [file, name] of lists) {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const list = new RegExp(`${name}\\s*=\\s*\\[([^\\]]*)\\]`).exec(source);
    if (!list) throw new Error(`no-format-comparison: ${name} not found in ${file}`);
    for (const [, value] of list[1].matchAll(/['"]([^'"]+)['"]/g)) names.add(value);
  }
  return names;
}

const FORMATS = formatNames();
const EQUALITY = new Set(['===', '!==', '==', '!=']);
const isFormatName = (node) => node.type === 'Literal' && typeof node.value === 'string' && FORMATS.has(node.value);

export const noFormatComparison = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A per-format decision is a Record over the format list or an exhaustive switch, never a comparison with one format',
    },
    schema: [],
    messages: {
      compared:
        "Comparing with '{{format}}' treats every other audio format alike, a new one too: decide with a Record<AudioFormat, …> or a switch ending in assertNever (docs/adding-things.md).",
    },
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (!EQUALITY.has(node.operator)) return;
        const literal = [node.left, node.right].find(isFormatName);
        if (literal) context.report({ node, messageId: 'compared', data: { format: literal.value } });
      },
    };
  },
};
