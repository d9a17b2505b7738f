import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPersistedStore } from '@/lib/persisted-store';
import { persistedValue, setAsideStore } from '@/lib/set-aside';
import { PanelBoundary } from './panel-boundary';

function Broken({ message = 'boom' }: { message?: string }): never {
  throw new Error(message);
}

beforeEach(() => {
  localStorage.clear();
  setAsideStore.save([]);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('PanelBoundary', () => {
  it('shows which panel stopped and why, while the panel beside it keeps working', () => {
    render(
      <>
        <PanelBoundary name="Charts">
          <Broken message="canvas <b>gone</b>" />
        </PanelBoundary>
        <PanelBoundary name="Watch list">
          <button type="button">Add to watch list</button>
        </PanelBoundary>
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Charts stopped working');
    expect(alert).toHaveTextContent('canvas <b>gone</b>');
    expect(alert.querySelector('b')).toBeNull();
    expect(alert).toHaveTextContent('The rest of the page still works');
    expect(screen.getByRole('button', { name: 'Add to watch list' })).toBeInTheDocument();
  });

  it('"Try again" mounts the panel afresh and puts focus in it', () => {
    let fail = true;
    let mounts = 0;
    function Flaky() {
      if (fail) throw new Error('once');
      mounts++;
      return <input aria-label="Query" />;
    }
    render(
      <PanelBoundary name="Task list and query">
        <Flaky />
      </PanelBoundary>,
    );
    const again = screen.getByRole('button', { name: 'Try again' });
    again.focus();
    fail = false;
    fireEvent.click(again);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveFocus();
    expect(mounts).toBeGreaterThan(0);
  });

  it('keeps focus on the page when the panel that held it stops: it waits on "Try again"', () => {
    let fail = false;
    function Field() {
      if (fail) throw new Error('too large');
      return <input aria-label="Query" />;
    }
    const { rerender } = render(
      <PanelBoundary name="Task list and query">
        <Field />
      </PanelBoundary>,
    );
    screen.getByRole('textbox', { name: 'Query' }).focus();
    fail = true;
    rerender(
      <PanelBoundary name="Task list and query">
        <Field key="again" />
      </PanelBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('offers "Reload the page" for a chunk of the console that did not load (trying again in place would fail the same)', () => {
    render(
      <PanelBoundary name="Charts">
        <Broken message="Failed to fetch dynamically imported module: /assets/batch-overview.js" />
      </PanelBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('PanelBoundary with stored values', () => {
  const MARK = '\u0000breaks';
  const makeStore = (key: string) =>
    createPersistedStore<string>(key, { safeParse: (v) => (typeof v === 'string' ? { success: true, data: v } : { success: false }) }, '');
  function Reader({ store }: { store: ReturnType<typeof makeStore> }) {
    const value = store.use();
    if (value.includes(MARK)) throw new Error('Invalid regular expression: too large');
    return <p>Query: {value || 'none'}</p>;
  }

  it('sets aside a stored value that makes the panel fail as it starts, resets it, and starts the panel again without it', async () => {
    localStorage.setItem('t.query', JSON.stringify(`status:failed ${MARK}`));
    const store = makeStore('t.query');
    render(
      <PanelBoundary name="Task list and query" stored={[persistedValue('taskQuery', store, '')]}>
        <Reader store={store} />
      </PanelBoundary>,
    );
    expect(await screen.findByText('Query: none')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.get()).toBe('');
    expect(localStorage.getItem('t.query')).toBe('""');
    const [entry, ...more] = setAsideStore.get();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: 'taskQuery', value: `status:failed ${MARK}`, reason: 'Invalid regular expression: too large' });
    // Kept for export across a reload.
    expect(JSON.parse(localStorage.getItem('console.setAside') ?? '[]')).toHaveLength(1);
  });

  it('leaves a value the operator just typed where it is: the panel says it stopped, with "Try again"', async () => {
    const store = makeStore('t.typed');
    render(
      <PanelBoundary name="Task list and query" stored={[persistedValue('taskQuery', store, '')]}>
        <Reader store={store} />
      </PanelBoundary>,
    );
    expect(screen.getByText('Query: none')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'v', ctrlKey: true });
    act(() => store.save(`pasted ${MARK}`));
    expect(screen.getByRole('alert')).toHaveTextContent('Task list and query stopped working');
    await Promise.resolve();
    expect(store.get()).toBe(`pasted ${MARK}`);
    expect(setAsideStore.get()).toEqual([]);
    // "Try again" mounts it afresh with the same value: now it fails as it starts, so the value is set aside.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Query: none')).toBeInTheDocument();
    expect(setAsideStore.get()).toMatchObject([{ kind: 'taskQuery', value: `pasted ${MARK}` }]);
  });

  it('sets aside one value at a time: the one to blame goes, the others stay', async () => {
    localStorage.setItem('t.draft', JSON.stringify(`hello ${MARK}`));
    localStorage.setItem('t.other', JSON.stringify('innocent'));
    const draft = makeStore('t.draft');
    const other = makeStore('t.other');
    function Both() {
      const a = draft.use();
      const b = other.use();
      if (a.includes(MARK) || b.includes(MARK)) throw new Error('expanded past any limit');
      return (
        <p>
          Draft: {a || 'empty'}, other: {b}
        </p>
      );
    }
    render(
      <PanelBoundary name="Speech form" stored={[persistedValue('speechDraft', draft, ''), persistedValue('lexicon', other, '')]}>
        <Both />
      </PanelBoundary>,
    );
    expect(await screen.findByText('Draft: empty, other: innocent')).toBeInTheDocument();
    expect(setAsideStore.get()).toMatchObject([{ kind: 'speechDraft', value: `hello ${MARK}` }]);
    expect(other.get()).toBe('innocent');
  });

  it('tries once: a panel that still fails without its stored values shows its alert (no loop)', async () => {
    localStorage.setItem('t.once', JSON.stringify('kept'));
    const store = makeStore('t.once');
    let renders = 0;
    function AlwaysBroken(): never {
      renders++;
      store.get();
      throw new Error('not the stored value');
    }
    render(
      <PanelBoundary name="Charts" stored={[persistedValue('taskQuery', store, '')]}>
        <AlwaysBroken />
      </PanelBoundary>,
    );
    await waitFor(() => expect(setAsideStore.get()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('not the stored value'));
    const after = renders;
    await new Promise((r) => setTimeout(r, 0));
    expect(renders).toBe(after);
    expect(setAsideStore.get()).toHaveLength(1);
  });

  it('does nothing to stored values at their defaults', async () => {
    const store = makeStore('t.empty');
    render(
      <PanelBoundary name="Charts" stored={[persistedValue('taskQuery', store, '')]}>
        <Broken />
      </PanelBoundary>,
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(setAsideStore.get()).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Charts stopped working');
  });
});
