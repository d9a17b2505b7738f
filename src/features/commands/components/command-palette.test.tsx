import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Command, CommandSource } from '@/lib/command-registry';
import { CommandPalette } from './command-palette';

afterEach(() => vi.restoreAllMocks());

/** The palette on screen while its commands still load; `release` brings them in: "Go to Speech", which calls `ran`. */
function paletteStillLoading() {
  const ran = vi.fn();
  let resolve: (source: CommandSource) => void = () => undefined;
  const loading = new Promise<CommandSource>((r) => (resolve = r));
  const speech: Command = { id: 'page:/speech', kind: 'page', label: 'Go to Speech', run: ran };
  render(<CommandPalette appCommands={() => loading} />);
  return { ran, release: () => resolve(() => [speech]) };
}

describe('CommandPalette', () => {
  it('runs the first match of an Enter pressed while the commands are still loading', async () => {
    const { ran, release } = paletteStillLoading();
    const field = screen.getByRole('combobox');
    await userEvent.type(field, 'speech{Enter}');
    expect(ran).not.toHaveBeenCalled();
    await act(async () => release());
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(1));
  });

  it('forgets that Enter once the operator types on', async () => {
    const { ran, release } = paletteStillLoading();
    await userEvent.type(screen.getByRole('combobox'), 'sp{Enter}eech');
    await act(async () => release());
    await screen.findByRole('option', { name: /Go to Speech/ });
    expect(ran).not.toHaveBeenCalled();
  });
});
