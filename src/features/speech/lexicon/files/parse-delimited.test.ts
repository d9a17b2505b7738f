import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseDelimited } from './parse-delimited';

describe('parseDelimited (RFC 4180)', () => {
  it('reads quotes, doubled quotes, delimiters and line breaks inside quotes, with start lines', () => {
    expect(parseDelimited('a,"b,c","d""e"\r\n"x\ny",z\rlast', ',')).toEqual([
      { line: 1, fields: ['a', 'b,c', 'd"e'], unterminatedQuote: false },
      { line: 2, fields: ['x\ny', 'z'], unterminatedQuote: false },
      { line: 4, fields: ['last'], unterminatedQuote: false },
    ]);
  });

  it('drops a BOM, keeps empty fields, makes no record of the final line break, keeps a stray quote mid-field', () => {
    expect(parseDelimited('\uFEFFa,,\n', ',')).toEqual([{ line: 1, fields: ['a', '', ''], unterminatedQuote: false }]);
    expect(parseDelimited('5" disk,x', ',')[0]!.fields).toEqual(['5" disk', 'x']);
    expect(parseDelimited('"open\nrest', ',')).toEqual([{ line: 1, fields: ['open\nrest'], unterminatedQuote: true }]);
  });

  it('detects tab, semicolon or comma by the header that names the text column', () => {
    const namesText = (f: string[]) => f.includes('text');
    expect(detectDelimiter('text\tvoice', namesText)).toBe('\t');
    expect(detectDelimiter('text;voice,x', namesText)).toBe(';');
    expect(detectDelimiter('"text",voice', namesText)).toBe(',');
    expect(detectDelimiter('text', namesText)).toBe(',');
    expect(detectDelimiter('Hello, world', namesText)).toBeNull();
  });
});
