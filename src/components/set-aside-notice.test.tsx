import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAside, setAsideStore, type StoredValue } from '@/lib/set-aside';
import { SetAsideNotice } from './set-aside-notice';

const query = (value: string | null, reset: StoredValue['reset'] = vi.fn()): StoredValue => ({
  kind: 'taskQuery',
  read: () => value,
  reset,
});

beforeEach(() => setAsideStore.save([]));
afterEach(() => vi.restoreAllMocks());

describe('setAside', () => {
  it('keeps each stored value with the reason, resets it, and skips values at their default', async () => {
    const reset = vi.fn();
    const untouched = vi.fn();
    const made = await setAside([query('id:???', reset), { kind: 'lexicon', read: async () => null, reset: untouched }], 'too large', 1000);
    expect(made).toEqual([{ kind: 'taskQuery', value: 'id:???', reason: 'too large', at: 1000 }]);
    expect(reset).toHaveBeenCalledOnce();
    expect(untouched).not.toHaveBeenCalled();
    expect(setAsideStore.get()).toEqual(made);
  });

  it('leaves a value it could not reset where it is, and keeps the gist of a very long reason', async () => {
    const made = await setAside(
      [query('x', () => Promise.reject(new Error('blocked'))), { kind: 'speechDraft', read: () => 'draft', reset: () => undefined }],
      'e'.repeat(40_000),
    );
    expect(made.map((e) => e.kind)).toEqual(['speechDraft']);
    expect(made[0]!.reason.length).toBeLessThanOrEqual(300);
  });
});

describe('setAsideStore', () => {
  it('keeps what was set aside across a reload, and drops stored entries that are not whole', async () => {
    const kept = { kind: 'speechDraft', value: '{}', reason: 'boom', at: 1 };
    localStorage.setItem(
      'console.setAside',
      JSON.stringify([kept, { kind: 'other', value: 'x', reason: '', at: 2 }, { kind: 'lexicon' }, 'junk']),
    );
    vi.resetModules();
    const fresh = await import('@/lib/set-aside');
    expect(fresh.setAsideStore.get()).toEqual([kept]);
  });
});

describe('SetAsideNotice', () => {
  it('says what was set aside and why; copies and downloads the value; Dismiss removes it without dropping focus', async () => {
    await setAside([query('status:failed code:3002')], 'Invalid regular expression: too large', Date.UTC(2026, 11, 2));
    render(
      <main id="main" tabIndex={-1}>
        <SetAsideNotice />
      </main>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The saved query made this page fail, so it was set aside');
    expect(alert).toHaveTextContent('What went wrong: Invalid regular expression: too large');

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy it' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied.');
    expect(writeText).toHaveBeenCalledWith('status:failed code:3002');

    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledOnce();
    expect(await blobs[0]!.text()).toBe('status:failed code:3002');

    screen.getByRole('button', { name: 'Dismiss' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(setAsideStore.get()).toEqual([]);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
