// npm run bench:lexicon-import — time to read lexicon files of hostile shapes with the console's own
// readers (lexicon/files/lexicon-pls.ts, lexicon-csv.ts), at once and in slices (the page's way; the
// longest slice is the longest the main thread is held). Sizes: BENCH_SIZES (KB, default 250,500,2000).
import { readLexiconCsv, type LexiconReading } from '../../src/features/speech/lexicon/files/lexicon-csv';
import { readLexiconPls } from '../../src/features/speech/lexicon/files/lexicon-pls';
import { drain, drainInSlices } from '../../src/features/speech/lexicon/files/lexicon-reading';

const SIZES = (process.env.BENCH_SIZES ?? '250,500,2000').split(',').map((kb) => Number(kb) * 1000);
const fill = (head: string, unit: string, bytes: number) =>
  head + unit.repeat(Math.max(0, Math.floor((bytes - head.length) / unit.length)));

const SHAPES: Record<string, { read: (s: string) => LexiconReading; make: (bytes: number) => string }> = {
  'PLS <lexeme/> lines': { read: readLexiconPls, make: (b) => fill('<lexicon xml:lang="en">\n', '<lexeme/>\n', b - 12) + '</lexicon>\n' },
  'PLS unclosed CDATA': { read: readLexiconPls, make: (b) => fill('<lexicon><lexeme><grapheme><![CDATA[', '<lexeme>x\n', b) },
  'PLS real entries': {
    read: readLexiconPls,
    make: (b) =>
      fill('<lexicon xml:lang="en">\n', '<lexeme><grapheme>W3C</grapheme><alias>World Wide Web</alias></lexeme>\n', b - 12) +
      '</lexicon>\n',
  },
  'CSV rows': { read: readLexiconCsv, make: (b) => fill('written,said\n', 'nginx,engine x\n', b) },
  'CSV one quoted field': { read: readLexiconCsv, make: (b) => fill('written,said\n"', 'a,b\n', b) },
};

for (const [shape, { read, make }] of Object.entries(SHAPES)) {
  for (const bytes of SIZES) {
    const input = make(bytes);
    let t = performance.now();
    const result = drain(read(input));
    const atOnce = performance.now() - t;
    let longest = 0;
    let slices = 0;
    let sliceStart = performance.now();
    t = performance.now();
    await drainInSlices(read(input), {
      pause: async () => {
        longest = Math.max(longest, performance.now() - sliceStart);
        slices++;
        await new Promise((r) => setImmediate(r));
        sliceStart = performance.now();
      },
    });
    longest = Math.max(longest, performance.now() - sliceStart);
    const inSlices = performance.now() - t;
    console.log(
      `${shape.padEnd(22)} ${(input.length / 1000).toFixed(0).padStart(5)} KB  at once ${atOnce.toFixed(1).padStart(7)} ms` +
        `  in slices ${inSlices.toFixed(1).padStart(7)} ms (${slices + 1} slices, longest ${longest.toFixed(1)} ms)` +
        `  ${result.rules.length} rules, ${result.errors.length} errors`,
    );
  }
}
