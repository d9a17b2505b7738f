const CJK_END = new Set(['。', '！', '？', '；', '…']);
const LATIN_END = new Set(['.', '!', '?', ';']);
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '）', '」', '』', '》', '】']);
const SPEAKABLE = /[\p{L}\p{N}]/u;
// Words a period follows without ending the sentence: "Dr. Smith" is one sentence, spoken without a pause.
const NO_END_AFTER = new Set(
  'mr mrs ms dr prof sr jr st mt vs etc e.g i.e a.m p.m cf fig no nos vol pp ca approx dept inc ltd co corp gen col lt sgt rev'.split(' '),
);

/**
 * Split text into sentences at . ! ? ; (followed by a space or the end; not the period of "Dr."
 * "e.g." or an initial), at CJK 。！？；… (no space needed) and at line breaks. Pieces with nothing speakable join the sentence before them.
 */
export function splitSentences(text: string): string[] {
  const chars = [...text];
  const raw: string[] = [];
  let current = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '\n' || ch === '\r') {
      raw.push(current);
      current = '';
      continue;
    }
    current += ch;
    const ends = CJK_END.has(ch) || (LATIN_END.has(ch) && isBoundary(chars, i + 1) && !(ch === '.' && abbreviated(current)));
    if (!ends) continue;
    while (i + 1 < chars.length && (CJK_END.has(chars[i + 1]!) || LATIN_END.has(chars[i + 1]!) || CLOSERS.has(chars[i + 1]!))) {
      current += chars[++i];
    }
    raw.push(current);
    current = '';
  }
  raw.push(current);
  return mergeUnspeakable(raw.map((s) => s.trim()).filter((s) => s !== ''));
}

function isBoundary(chars: string[], at: number): boolean {
  let i = at;
  while (i < chars.length && (CLOSERS.has(chars[i]!) || LATIN_END.has(chars[i]!))) i++;
  return i >= chars.length || /\s/.test(chars[i]!);
}

/** The sentence so far ends in an abbreviation's period ("Dr.", "e.g.") or a single capital's ("J. Smith"). */
function abbreviated(sentence: string): boolean {
  const word = /(?:^|[^\p{L}.])([\p{L}.]+)\.$/u.exec(sentence)?.[1];
  if (word === undefined) return false;
  return NO_END_AFTER.has(word.replace(/^\.+/, '').toLowerCase()) || /^\p{Lu}$/u.test(word);
}

function mergeUnspeakable(pieces: string[]): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    if (SPEAKABLE.test(piece) || out.length === 0) out.push(piece);
    else out[out.length - 1] += ` ${piece}`;
  }
  // A leading unspeakable piece joins the first speakable one.
  if (out.length > 1 && !SPEAKABLE.test(out[0]!)) out.splice(0, 2, `${out[0]} ${out[1]}`);
  return out;
}
