import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=0-', { start: 0, end: 999 }],
    ['bytes=990-2000', { start: 990, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-2', null],
    ['bytes=-', null],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
  ])('reads %j against 1000 bytes as %j', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
