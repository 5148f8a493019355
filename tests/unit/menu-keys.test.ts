// @vitest-environment jsdom
// The keys that move focus in a menu, as WAI-ARIA's menu pattern has them: one rule for the rows' and the navigation's menus.
import { describe, expect, it } from 'vitest';
import { menuItemFor } from '../../src/client/core/menuKeys.ts';

const items = ['Approve', 'Suspend', 'Send reminder', 'Duplicate', 'Cancel'].map((label) => {
  const item = document.createElement('button');
  item.textContent = ` ${label} `;
  return item;
});
const key = (name: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: name, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });
const label = (item: HTMLElement | undefined) => item?.textContent?.trim();

describe('a key in a menu', () => {
  it('moves round with the arrows and to the ends with Home and End', () => {
    expect(label(menuItemFor(items, 0, key('ArrowDown')))).toBe('Suspend');
    expect(label(menuItemFor(items, 4, key('ArrowDown')))).toBe('Approve');
    expect(label(menuItemFor(items, 0, key('ArrowUp')))).toBe('Cancel');
    expect(label(menuItemFor(items, 2, key('Home')))).toBe('Approve');
    expect(label(menuItemFor(items, 2, key('End')))).toBe('Cancel');
  });

  it('goes to the next item starting with a letter typed, round to the first, in any case', () => {
    expect(label(menuItemFor(items, 0, key('s')))).toBe('Suspend');
    expect(label(menuItemFor(items, 1, key('S')))).toBe('Send reminder');
    expect(label(menuItemFor(items, 2, key('s')))).toBe('Suspend');
    expect(menuItemFor(items, 0, key('x'))).toBeUndefined();
  });

  it('leaves other keys, and letters with a modifier, to the menu', () => {
    for (const other of [key('Escape'), key('Tab'), key(' '), key('Enter'), key('s', { ctrlKey: true }), key('d', { altKey: true })]) {
      expect(menuItemFor(items, 0, other)).toBeUndefined();
    }
  });
});
