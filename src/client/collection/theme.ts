// The page's look from its template properties: the document's title and icon, the primary colour of buttons and
// links (with text colours chosen for contrast, so a customer's colour never makes the page unreadable) and the
// background colour or image. Values come from staff settings; only a plain #rrggbb colour and an https or
// same-origin image address are used, anything else is ignored.
import type { TemplateProperties } from '../../shared/collection.ts';

const HEX = /^#[0-9a-f]{6}$/i;

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
    '--color-focus': text,
    '--color-link': text,
  };
}

/** An image address the page may show: https, or a path of this server. */
export function safeImageUrl(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  try {
    return new URL(trimmed).protocol === 'https:' ? trimmed : null;
  } catch {
    return null;
  }
}

export function applyTheme(properties: TemplateProperties | null, pageTitle: string): void {
  document.title = properties?.webTitle?.trim() || pageTitle;
  const root = document.documentElement;
  const primary = properties?.primaryColor;
  if (primary && HEX.test(primary)) for (const [name, value] of Object.entries(primaryColours(primary))) root.style.setProperty(name, value);
  const favicon = safeImageUrl(properties?.favicon ?? null);
  if (favicon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.removeAttribute('type');
    link.href = favicon;
  }
  const body = document.body.style;
  if (properties?.backgroundType === 'COLOR' && properties.backgroundColor && HEX.test(properties.backgroundColor)) {
    body.background = properties.backgroundColor;
  } else if (properties?.backgroundType === 'IMAGE') {
    const image = safeImageUrl(properties.backgroundImage);
    if (image) body.background = `center / cover no-repeat fixed url(${JSON.stringify(image)})`;
  }
}
