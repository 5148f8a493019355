// A customer's primary colour as the interface's colours: buttons, links, focus rings and soft backgrounds, with the
// text on them chosen for contrast (WCAG AA, 4.5:1), so a customer's colour never makes a page unreadable. The
// panel (its signed-in customer, or the customer of its login page) and the collection page set them alike.
import { useEffect } from 'react';

/** A plain #rrggbb colour: anything else a setting holds is ignored. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(toRgb(a)), luminance(toRgb(b))].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

function mix(hex: string, other: string, share: number): string {
  const a = toRgb(hex);
  const b = toRgb(other);
  return toHex(a.map((c, i) => c + (b[i] - c) * share) as Rgb);
}

const WHITE = '#ffffff';
const DARK = '#1b2330';
/** The page's background (styles.css --color-background), a little darker than the cards' white. */
const PAGE = '#f4f6fa';

/** The colour darkened just enough to be read as text on a light background (WCAG AA, 4.5:1). */
export function readableOn(hex: string, background = WHITE): string {
  let colour = hex;
  for (let step = 1; contrast(colour, background) < 4.5 && step <= 20; step += 1) colour = mix(hex, '#000000', step * 0.05);
  return colour;
}

/** The CSS custom properties a primary colour sets (see styles.css for their use). */
export function primaryColours(hex: string): Record<string, string> {
  // White or the page's dark text, whichever reads (WCAG AA); black where neither quite does (mid tones).
  const onPrimary = [WHITE, DARK, '#000000'].find((text) => contrast(hex, text) >= 4.5) ?? '#000000';
  const text = readableOn(hex);
  const soft = mix(hex, WHITE, 0.88);
  return {
    '--color-primary': hex,
    // Away from the text colour, so the hovered button reads at least as well.
    '--color-primary-hover': mix(hex, onPrimary === WHITE ? '#000000' : WHITE, 0.15),
    '--color-on-primary': onPrimary,
    '--color-primary-soft': soft,
    '--color-on-primary-soft': readableOn(hex, soft),
    // The focus ring (3 px around buttons and fields): a light colour is darkened until it stands out from the page and
    // the cards alike (WCAG asks 3:1 of a focus indicator; 4.5:1 against the darker page leaves more against white).
    '--color-focus': readableOn(hex, PAGE),
    '--color-link': text,
  };
}

/** The custom properties primaryColours sets; removed again when no customer colour applies. */
const PROPERTIES = Object.keys(primaryColours('#1f5eff'));

/** Puts a customer's colour on the document (or takes it off, for null or a value that is no colour). */
export function applyPrimaryColour(hex: string | null | undefined, root: HTMLElement = document.documentElement): void {
  if (hex && HEX_COLOUR.test(hex)) for (const [name, value] of Object.entries(primaryColours(hex))) root.style.setProperty(name, value);
  else for (const name of PROPERTIES) root.style.removeProperty(name);
}

/** Keeps the document in a customer's colour while the component is shown (the panel, its login page). */
export function useBrandColour(hex: string | null | undefined): void {
  useEffect(() => {
    applyPrimaryColour(hex);
    return () => applyPrimaryColour(null);
  }, [hex]);
}
