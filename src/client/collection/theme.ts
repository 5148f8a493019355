// The page's look from its template properties: the document's title and icon, the primary colour of buttons and
// links (with text colours chosen for contrast, so a customer's colour never makes the page unreadable) and the
// background colour or image. Values come from staff settings; only a plain #rrggbb colour and an https or
// same-origin image address are used, anything else is ignored.
import type { TemplateProperties } from '../../shared/collection.ts';
import { HEX_COLOUR, primaryColours } from '../core/brandColours.ts';

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

/** A link staff set: http(s) or mail only. */
export function safeLink(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return ['https:', 'http:', 'mailto:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

/** What the theme reads: the collection page's template properties, or the pay-in page's few. */
type Look = Pick<TemplateProperties, 'webTitle' | 'primaryColor' | 'favicon'> & Partial<Pick<TemplateProperties, 'backgroundType' | 'backgroundColor' | 'backgroundImage'>>;

export function applyTheme(properties: Look | null, pageTitle: string): void {
  document.title = properties?.webTitle?.trim() || pageTitle;
  const root = document.documentElement;
  const primary = properties?.primaryColor;
  if (primary && HEX_COLOUR.test(primary)) for (const [name, value] of Object.entries(primaryColours(primary))) root.style.setProperty(name, value);
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
  if (properties?.backgroundType === 'COLOR' && properties.backgroundColor && HEX_COLOUR.test(properties.backgroundColor)) {
    body.background = properties.backgroundColor;
  } else if (properties?.backgroundType === 'IMAGE') {
    const image = safeImageUrl(properties.backgroundImage ?? null);
    if (image) body.background = `center / cover no-repeat fixed url(${JSON.stringify(image)})`;
  }
}
