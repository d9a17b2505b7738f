import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('drops the key added longest ago; a replaced value keeps its key’s place', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([undefined, 2, 3, 2]);
  });

  it('a key deleted and added again is not dropped by its old slot', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.delete('a');
    map.set('a', 3);
    map.set('c', 4);
    expect([map.has('a'), map.has('b'), map.has('c'), map.size]).toEqual([true, false, true, 2]);
  });

  it('holds nothing at capacity 0', () => {
    const map = new BoundedMap<string, number>(0);
    map.set('a', 1);
    expect(map.size).toBe(0);
  });
});
