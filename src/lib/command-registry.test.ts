import { describe, expect, it } from 'vitest';
import { collectCommands, registerCommandSource, type Command } from './command-registry';

const command = (id: string): Command => ({ id, kind: 'action', label: id, run: () => undefined });

describe('command registry', () => {
  it('asks every registered source, sync or async, and forgets a removed one', async () => {
    const removeA = registerCommandSource(() => [command('a')]);
    const removeB = registerCommandSource(async () => [command('b1'), command('b2')]);
    expect((await collectCommands()).map((c) => c.id)).toEqual(['a', 'b1', 'b2']);
    removeA();
    expect((await collectCommands()).map((c) => c.id)).toEqual(['b1', 'b2']);
    removeB();
    expect(await collectCommands()).toEqual([]);
  });

  it('leaves out a source that fails (its page offers nothing then), not the others', async () => {
    const removeBad = registerCommandSource(() => Promise.reject(new Error('chunk failed to load')));
    const removeGood = registerCommandSource(() => [command('ok')]);
    expect((await collectCommands()).map((c) => c.id)).toEqual(['ok']);
    removeBad();
    removeGood();
  });
});
