import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createPersistedStore } from './persisted-store';

const schema = z.object({
  interval: z.catch(z.number(), 5),
  notify: z.catch(z.boolean(), false),
});
const DEFAULTS = { interval: 5, notify: false };

describe('createPersistedStore', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the defaults when nothing is stored', () => {
    expect(createPersistedStore('t.a', schema, DEFAULTS).get()).toEqual(DEFAULTS);
  });

  it('reads a stored value through the schema, field by field', () => {
    localStorage.setItem('t.b', JSON.stringify({ interval: 'ten', notify: true }));
    expect(createPersistedStore('t.b', schema, DEFAULTS).get()).toEqual({ interval: 5, notify: true });
  });

  it('falls back to the defaults for unreadable JSON', () => {
    localStorage.setItem('t.c', '{not json');
    expect(createPersistedStore('t.c', schema, DEFAULTS).get()).toEqual(DEFAULTS);
  });

  it('saves and patches, writing storage and telling subscribers', () => {
    const store = createPersistedStore('t.d', schema, DEFAULTS);
    let calls = 0;
    store.subscribe(() => calls++);
    store.update({ notify: true });
    expect(store.get()).toEqual({ interval: 5, notify: true });
    expect(JSON.parse(localStorage.getItem('t.d') ?? 'null')).toEqual({ interval: 5, notify: true });
    store.save({ interval: 2, notify: false });
    expect(createPersistedStore('t.d', schema, DEFAULTS).get()).toEqual({ interval: 2, notify: false });
    expect(calls).toBe(2);
  });
});
