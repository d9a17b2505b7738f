import { describe, expect, it } from 'vitest';
import { isApple, isTextField, shortcutKeys, shortcutOf } from './shortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  ...mods,
});

describe('shortcutOf', () => {
  it('is Ctrl+K off Apple systems and ⌘K on them', () => {
    expect(shortcutOf(key('k', { ctrlKey: true }), false)).toBe('palette');
    expect(shortcutOf(key('K', { ctrlKey: true }), false)).toBe('palette');
    expect(shortcutOf(key('k', { metaKey: true }), true)).toBe('palette');
    expect(shortcutOf(key('k', { metaKey: true }), false)).toBeNull();
    // Ctrl+K in a Mac text field deletes to the end of the line: it stays typing.
    expect(shortcutOf(key('k', { ctrlKey: true }), true)).toBeNull();
  });
  it('never takes typing: a plain k, AltGr (Ctrl+Alt), an input method composing', () => {
    expect(shortcutOf(key('k'), false)).toBeNull();
    expect(shortcutOf(key('k', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutOf(key('k', { ctrlKey: true, isComposing: true }), false)).toBeNull();
  });
  it('is ? without Ctrl, ⌘ or Alt', () => {
    expect(shortcutOf(key('?'), false)).toBe('sheet');
    expect(shortcutOf(key('?', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutOf(key('/'), false)).toBeNull();
  });
});

describe('isTextField', () => {
  // What a browser's elements answer (this test runs without a DOM).
  const el = (tagName: string, type = '', isContentEditable = false) => ({ tagName, type, isContentEditable }) as unknown as EventTarget;
  it('is true in text inputs, textareas, selects and editable content', () => {
    expect(isTextField(el('INPUT', 'text'))).toBe(true);
    expect(isTextField(el('INPUT', 'search'))).toBe(true);
    expect(isTextField(el('TEXTAREA'))).toBe(true);
    expect(isTextField(el('SELECT'))).toBe(true);
    expect(isTextField(el('DIV', '', true))).toBe(true);
  });
  it('is false on buttons, checkboxes, the page', () => {
    expect(isTextField(el('BUTTON'))).toBe(false);
    expect(isTextField(el('INPUT', 'checkbox'))).toBe(false);
    expect(isTextField(el('BODY'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});

describe('shortcutKeys', () => {
  it('names the keys as the platform does', () => {
    expect(isApple('MacIntel')).toBe(true);
    expect(isApple('Linux x86_64')).toBe(false);
    expect(shortcutKeys('palette', true)).toEqual(['⌘', 'K']);
    expect(shortcutKeys('palette', false)).toEqual(['Ctrl', 'K']);
    expect(shortcutKeys('sheet', false)).toEqual(['?']);
  });
});
