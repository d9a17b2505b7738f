import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, connectionStore } from '@/lib/connection-store';
import { getLocale, setLocale } from '@/i18n/i18n-store';
import { builtinCommands, taskIdCommand } from './builtin-commands';
import { commandsOpenStore } from '../stores/commands-open';

const start = connectionStore.get();
afterEach(async () => {
  connectionStore.set(start);
  commandsOpenStore.set(null);
  await setLocale('en');
});

describe('builtinCommands', () => {
  it('offers the other profiles and switches to one', () => {
    connectionStore.set({
      profiles: [
        { ...DEFAULT_PROFILE, id: 'a', name: 'Staging' },
        { ...DEFAULT_PROFILE, id: 'b', name: 'Production' },
      ],
      activeId: 'a',
    });
    const profiles = builtinCommands('en').filter((c) => c.id.startsWith('profile:'));
    expect(profiles.map((c) => c.label)).toEqual(['Switch to profile Production']);
    void profiles[0]!.run();
    expect(connectionStore.get().activeId).toBe('b');
  });

  it('offers no profile switch with one profile, and the other language by its own name', async () => {
    connectionStore.set({ profiles: [DEFAULT_PROFILE], activeId: DEFAULT_PROFILE.id });
    const commands = builtinCommands('en');
    expect(commands.filter((c) => c.id.startsWith('profile:'))).toEqual([]);
    const languages = commands.filter((c) => c.id.startsWith('language:'));
    expect(languages.map((c) => c.label)).toEqual(['Switch language to 简体中文']);
    await languages[0]!.run();
    await expect.poll(() => getLocale()).toBe('zh-CN');
  });

  it('offers the shortcut sheet', () => {
    const sheet = builtinCommands('en').find((c) => c.id === 'shortcuts')!;
    expect(sheet.label).toBe('Show keyboard shortcuts');
    void sheet.run();
    expect(commandsOpenStore.get()?.what).toBe('sheet');
  });
});

describe('taskIdCommand', () => {
  it('opens the details address of a typed task ID', () => {
    const [open] = taskIdCommand(' Service_AI_20261126_x ');
    expect(open!.label).toBe('Open task Service_AI_20261126_x');
    void open!.run();
    expect(window.location.pathname).toBe('/tasks/Service_AI_20261126_x');
  });
  it('offers nothing for other text', () => {
    expect(taskIdCommand('refresh')).toEqual([]);
  });
});
