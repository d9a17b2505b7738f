import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from './copy-button';

afterEach(() => vi.restoreAllMocks());

describe('CopyButton', () => {
  it('says what it copied in a status region beside itself', async () => {
    const user = userEvent.setup();
    render(
      <div role="group" aria-label="Actions">
        <CopyButton text={() => 'a\nb\nc'} what="3 IDs">
          Copy IDs
        </CopyButton>
      </div>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Copy IDs' }));
    expect(await navigator.clipboard.readText()).toBe('a\nb\nc');
    expect(status).toHaveTextContent('Copied 3 IDs');
    // Its own region, right after the button.
    expect(screen.getByRole('button', { name: 'Copy IDs' }).nextElementSibling).toBe(status);
  });

  it('says so when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    render(
      <CopyButton text={() => 'x'} what="the task ID">
        Copy task ID
      </CopyButton>,
    );
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy task ID' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Could not copy the task ID: the browser refused clipboard access');
  });
});
