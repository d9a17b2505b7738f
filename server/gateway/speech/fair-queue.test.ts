import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

const takeAll = <T>(q: FairQueue<T>) => Array.from({ length: q.size }, () => q.shift());

describe('fair queue', () => {
  it('serves keys in turn, each key first in first out', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 4; i++) q.push('flood', `f${i}`);
    q.push('other', 'o1');
    q.push('other', 'o2');
    q.push('third', 't1');
    expect(takeAll(q)).toEqual(['f1', 'o1', 't1', 'f2', 'o2', 'f3', 'f4']);
    expect(q.size).toBe(0);
    expect(q.shift()).toBeUndefined();
  });

  it('a key that arrives while another has many waiting is served next but one', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 5; i++) q.push('flood', `f${i}`);
    expect(q.shift()).toBe('f1');
    q.push('late', 'l1');
    expect(takeAll(q)).toEqual(['l1', 'f2', 'f3', 'f4', 'f5']);
  });

  it('remembers a key just served even when it had nothing else waiting', () => {
    const q = new FairQueue<string>();
    q.push('flood', 'f1');
    expect(q.shift()).toBe('f1');
    q.push('flood', 'f2');
    q.push('other', 'o1');
    q.push('flood', 'f3');
    expect(takeAll(q)).toEqual(['o1', 'f2', 'f3']);
  });

  it('removes an item wherever it waits, and drains', () => {
    const q = new FairQueue<string>();
    q.push('a', 'a1');
    q.push('a', 'a2');
    q.push('b', 'b1');
    expect(q.remove('a', 'a1')).toBe(true);
    expect(q.remove('a', 'a1')).toBe(false);
    expect(q.remove('b', 'b1')).toBe(true);
    expect(q.size).toBe(1);
    q.push('c', 'c1');
    expect(q.drain().sort()).toEqual(['a2', 'c1']);
    expect(q.size).toBe(0);
  });
});
