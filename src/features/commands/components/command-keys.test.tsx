import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Command } from '@/lib/command-registry';
import { CommandKeys } from './command-keys';

beforeAll(() => {
  // jsdom does not scroll.
  Element.prototype.scrollIntoView ??= () => undefined;
});

describe('CommandKeys', () => {
  it('says in an alert which palette command failed, until dismissed or the palette opens again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const breaks: Command = {
      id: 'test:break',
      kind: 'action',
      label: 'Break on purpose',
      run: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    };
    render(<CommandKeys appCommands={() => Promise.resolve(() => [breaks])} />);
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('option', { name: /Break on purpose/ });
    await user.keyboard('break{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('“Break on purpose” did not work');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    // Failing again, then opening the palette: the old alert goes.
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('option', { name: /Break on purpose/ });
    await user.keyboard('break{Enter}');
    await screen.findByRole('alert');
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
