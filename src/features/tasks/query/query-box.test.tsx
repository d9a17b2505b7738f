import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/i18n/i18n-store';
import { QueryBox } from './query-box';
import { SORT_OPTIONS } from '../board/table/task-columns';

const codes = () => [3001, 3002];

/** The box over a shared query, with what it committed on screen. */
function Harness({ initial = '' }: { initial?: string }) {
  const [query, setQuery] = useState(initial);
  return (
    <>
      <QueryBox query={query} onQuery={setQuery} codes={codes} sortOptions={SORT_OPTIONS} />
      <output aria-label="Committed">{query}</output>
      <button type="button" onClick={() => setQuery('status:running')}>
        Elsewhere
      </button>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Query' });
const committed = () => screen.getByLabelText('Committed');

describe('QueryBox', () => {
  it('offers qualifiers and then values as you type; arrows choose, Enter and Tab take, Escape closes', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'sta');
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: /status: Status/ })).toBeVisible();
    // Nothing is chosen until the arrows choose: Enter alone does not take a suggestion.
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    const option = screen.getByRole('option', { name: /status:/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', option.id);
    await userEvent.keyboard('{Enter}');
    expect(box()).toHaveValue('status:');
    // Values of status: follow, in the UI language.
    expect(screen.getByRole('option', { name: /failed Failed/ })).toBeVisible();
    await userEvent.type(box(), 'fa');
    await userEvent.keyboard('{ArrowDown}{Tab}');
    expect(box()).toHaveValue('status:failed ');
    expect(box()).toHaveFocus();
    await userEvent.type(box(), 'code:');
    expect(screen.getByRole('option', { name: /3002/ })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(list).not.toBeVisible();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    // With nothing chosen, Tab leaves the box (no trap).
    await userEvent.tab();
    expect(box()).not.toHaveFocus();
  });

  it('offers no choice that only repeats what is typed', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'has:vide');
    expect(screen.getByRole('option', { name: /video/ })).toBeVisible();
    await userEvent.type(box(), 'o');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('commits after a pause or on Enter, and takes a change made elsewhere', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'status:failed{Enter}');
    expect(committed()).toHaveTextContent('status:failed');
    await userEvent.type(box(), ' abc');
    await waitFor(() => expect(committed()).toHaveTextContent('status:failed abc'));
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(box()).toHaveValue('status:running');
  });

  it('names a wrong qualifier with a suggestion and a wrong value with what is allowed, in an alert', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'stauts:failed status:flied{Enter}');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      '“stauts” is not a qualifier. Use one of: status, progress, code, age, updated, eta, stalled, has, id, sort.',
    );
    expect(alert).toHaveTextContent('Did you mean “status”?');
    expect(alert).toHaveTextContent('“flied” is not a value of status. Use one of: created, queued, running, finished, failed, aborted');
    expect(alert).toHaveTextContent('Did you mean “failed”?');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveAccessibleDescription(/is not a qualifier/);
  });

  it('waits for a pause before naming an error (a term is wrong while it is typed)', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'updated:10m');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('updated: say more or less than 10m: <10m, >10m.'), {
      timeout: 3_000,
    });
    // Errors of text no longer in the box go at once.
    await userEvent.clear(box());
    await userEvent.type(box(), 'st');
    expect(screen.queryByRole('alert')).toBeNull();
    // An error away from the caret is named at once.
    await userEvent.type(box(), 'x:1 abc');
    expect(screen.getByRole('alert')).toHaveTextContent('“stx” is not a qualifier.');
  });

  it('speaks Chinese', async () => {
    await act(() => setLocale('zh-CN'));
    try {
      render(<Harness />);
      await userEvent.type(screen.getByRole('combobox', { name: '查询' }), 'progress:abc{Enter}');
      expect(screen.getByRole('alert')).toHaveTextContent('progress：“abc”不是数字（例如 50、<50、>=3002）。');
    } finally {
      await act(() => setLocale('en'));
    }
  });

  // Issue 36: 33,000 characters of free text made a RegExp too large to compile, and "This page stopped working".
  it('keeps a query past its length in the box, says so at once, and offers nothing', async () => {
    render(<Harness initial={`status:failed ${'x'.repeat(33_000)}`} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The query is 33,014 characters long, 31,014 over the limit of 2,000');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(box());
    await userEvent.keyboard('{End}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.clear(box());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // A plain <input> holding 19,000 combining marks took over 30 s for one Backspace in Chromium: the browser's own work.
  it('takes at most 30 marks or joiners per character, and says how many it left out', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.paste(`ab${'\u0301'.repeat(19_000)}`);
    expect(box()).toHaveValue(`ab${'\u0301'.repeat(30)}`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '18,970 combining marks or joiners were left out: a character here carries at most 30 (more make the browser’s editing freeze).',
    );
    await userEvent.keyboard('{Enter}');
    expect(committed().textContent).toBe(`ab${'\u0301'.repeat(30)}`);
    await userEvent.type(box(), 'c');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a stored query with longer runs cut, and says so', () => {
    render(<Harness initial={`x${'\u0301'.repeat(100)} status:failed`} />);
    expect(box()).toHaveValue(`x${'\u0301'.repeat(30)} status:failed`);
    expect(screen.getByRole('alert')).toHaveTextContent('70 combining marks or joiners were left out');
  });
});
