// The keys that move focus among a WAI-ARIA menu's items, one rule for every menu of the panel (a row's actions, the
// navigation's "More"): arrows move round the items, Home and End go to the ends, a letter to the next item whose
// label starts with it. Opening, closing and running an item stay with each menu.

interface Key {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The item a key moves focus to from the item at `at` (-1: none focused); undefined for a key that moves nothing. */
export function menuItemFor(items: readonly HTMLElement[], at: number, event: Key): HTMLElement | undefined {
  const round = (index: number) => items[(index + items.length) % items.length];
  switch (event.key) {
    case 'ArrowDown':
      return round(at + 1);
    case 'ArrowUp':
      return round(at - 1);
    case 'Home':
      return items[0];
    case 'End':
      return items[items.length - 1];
  }
  if (event.key.length !== 1 || !/\S/.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const letter = event.key.toLocaleLowerCase();
  // The next item after the focused one whose label starts with the letter, round to the first.
  return [...items.slice(at + 1), ...items.slice(0, at + 1)].find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter));
}
