import { describe, expect, it } from 'vitest';
import type { Command } from '@/lib/command-registry';
import { filterCommands, matchScore, typedTaskId } from './match-commands';

const command = (label: string, kind: Command['kind'] = 'action', keywords?: string): Command => ({
  id: label,
  kind,
  label,
  keywords,
  run: () => undefined,
});

describe('matchScore', () => {
  it('ranks a label start over a word start over a match inside a word', () => {
    expect(matchScore('Speech', 'spe')).toBe(3);
    expect(matchScore('Go to Speech', 'spe')).toBe(2);
    expect(matchScore('Go to Speech', 'eech')).toBe(1);
  });
  it('ignores case and takes words in any order', () => {
    expect(matchScore('Pause checking', 'PAUSE')).toBe(3);
    expect(matchScore('Copy the share link', 'link share')).toBe(0);
  });
  it('matches everything when nothing is typed and nothing when a word is missing', () => {
    expect(matchScore('Refresh now', '  ')).toBe(0);
    expect(matchScore('Refresh now', 'pause')).toBe(-1);
    expect(matchScore('Copy the share link', 'link video')).toBe(-1);
  });
  it('matches Chinese labels by substring', () => {
    expect(matchScore('前往语音', '语音')).toBe(1);
  });
});

describe('filterCommands', () => {
  const all = [
    command('Refresh now'),
    command('Go to Speech', 'page'),
    command('Go to Tasks', 'page'),
    command('Speech errors', 'view'),
    command('Switch language to 中文', 'action', 'zh-CN'),
  ];
  it('groups by kind in a fixed order and drops groups with no match', () => {
    const groups = filterCommands(all, 'speech');
    expect(groups.map((g) => g.kind)).toEqual(['page', 'view']);
    expect(groups[0]!.commands.map((c) => c.label)).toEqual(['Go to Speech']);
  });
  it('puts better matches first and keeps the given order among equals', () => {
    const groups = filterCommands([command('Go to Tasks', 'page'), command('Tasks', 'page'), command('Go to Settings', 'page')], 'ta');
    expect(groups[0]!.commands.map((c) => c.label)).toEqual(['Tasks', 'Go to Tasks']);
    expect(filterCommands(all, '').flatMap((g) => g.commands.map((c) => c.label))).toEqual([
      'Go to Speech',
      'Go to Tasks',
      'Speech errors',
      'Refresh now',
      'Switch language to 中文',
    ]);
  });
  it('matches keywords too', () => {
    expect(filterCommands(all, 'zh').flatMap((g) => g.commands.map((c) => c.label))).toEqual(['Switch language to 中文']);
  });
});

describe('typedTaskId', () => {
  it('takes one word with the prefix', () => {
    expect(typedTaskId('  Service_AI_2026_x ', 'Service_AI')).toBe('Service_AI_2026_x');
  });
  it('refuses other text', () => {
    expect(typedTaskId('Service_AI', 'Service_AI')).toBeNull();
    expect(typedTaskId('Service_AI_1 Service_AI_2', 'Service_AI')).toBeNull();
    expect(typedTaskId('speech', 'Service_AI')).toBeNull();
  });
});
