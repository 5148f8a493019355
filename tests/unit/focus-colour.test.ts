// The focus ring's colour stays visible whatever a customer's primary colour: 3:1 or more (WCAG's ask of a focus
// indicator) against the page's background and the cards' white, also for a colour too light to be seen there.
import { describe, expect, it } from 'vitest';
import { contrast, primaryColours } from '../../src/client/core/brandColours.ts';

const PAGE = '#f4f6fa';
const CARD = '#ffffff';

describe('the focus colour of a customer colour', () => {
  it.each(['#ffffff', '#fffde7', '#ffeb3b', '#c0e0ff', '#7fd3a0', '#1f5eff', '#000000'])('%s keeps 3:1 against the page and the cards', (colour) => {
    const focus = primaryColours(colour)['--color-focus'];
    expect(contrast(focus, PAGE)).toBeGreaterThanOrEqual(3);
    expect(contrast(focus, CARD)).toBeGreaterThanOrEqual(3);
  });

  it('leaves a colour that is dark enough as it is', () => {
    expect(primaryColours('#0a3d7f')['--color-focus']).toBe('#0a3d7f');
  });
});
