import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Command, CommandSource } from '@/lib/command-registry';
import { CommandPalette } from './command-palette';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => vi.restoreAllMocks());

describe('CommandPalette', () => {
  it('runs the first match of an Enter pressed while the commands are still loading', async () => {
    const ran = vi.fn();
    let release: (source: CommandSource) => void = () => undefined;
    const loading = new Promise<CommandSource>((resolve) => (release = resolve));
    const speech: Command = { id: 'page:/speech', kind: 'page', label: 'Go to Speech', run: ran };
    render(<CommandPalette appCommands={() => loading} />);
    const field = screen.getByRole('combobox');
    await userEvent.type(field, 'speech{Enter}');
    expect(ran).not.toHaveBeenCalled();
    await act(async () => release(() => [speech]));
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(1));
  });

  it('forgets that Enter once the operator types on', async () => {
    const ran = vi.fn();
    let release: (source: CommandSource) => void = () => undefined;
    const loading = new Promise<CommandSource>((resolve) => (release = resolve));
    const speech: Command = { id: 'page:/speech', kind: 'page', label: 'Go to Speech', run: ran };
    render(<CommandPalette appCommands={() => loading} />);
    await userEvent.type(screen.getByRole('combobox'), 'sp{Enter}eech');
    await act(async () => release(() => [speech]));
    await screen.findByRole('option', { name: /Go to Speech/ });
    expect(ran).not.toHaveBeenCalled();
  });
});
