// How many navigation entries the navbar's row shows: all when they fit, else as many as fit beside the "More" button.
import { describe, expect, it } from 'vitest';
import { entriesThatFit } from '../../src/client/pages/shell/NavMore.tsx';

describe('entriesThatFit', () => {
  it('shows every entry when they fit, the button needing no room then', () => {
    // 100 + 2 + 100 + 2 + 100 = 304
    expect(entriesThatFit([100, 100, 100], 2, 304, 80)).toBe(3);
    expect(entriesThatFit([100, 100, 100], 2, 400, 80)).toBe(3);
  });

  it('leaves room for the button once one entry does not fit', () => {
    // Three need 304 in 303: the button (80 + a gap of 2) then leaves room for 303 - 82 = 221, two entries (202).
    expect(entriesThatFit([100, 100, 100], 2, 303, 80)).toBe(2);
    // 201 of room: two entries need 202 and the button 82 more; one entry (100 + 2 + 80 = 182) fits.
    expect(entriesThatFit([100, 100, 100], 2, 201, 80)).toBe(1);
    expect(entriesThatFit([100, 100, 100], 2, 150, 80)).toBe(0);
  });

  it('keeps the entries in order: a narrow one after a wide one that does not fit goes too', () => {
    expect(entriesThatFit([100, 300, 20], 0, 300, 50)).toBe(1);
  });

  it('has no entries to show for none', () => {
    expect(entriesThatFit([], 2, 500, 80)).toBe(0);
  });
});
