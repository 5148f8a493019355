// The interface's texts on the server, for what the server writes in the user's language: a report's column titles,
// a template's headers, the messages of an import's file errors. Read once from locales/<language>/<namespace>.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { messageFor } from '../../shared/validation/errors.ts';

const LANGUAGES = ['en', 'pl'] as const;
export type Lang = (typeof LANGUAGES)[number];

const ROOT = path.resolve(import.meta.dirname, '../../..');
const loaded = new Map<string, Record<string, unknown>>();

function namespace(lang: Lang, ns: string): Record<string, unknown> {
  const key = `${lang}/${ns}`;
  let texts = loaded.get(key);
  if (!texts) {
    texts = JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
    loaded.set(key, texts);
  }
  return texts;
}

/** The text of `ns:a.b.c` (`common` without a namespace) in a language; the key itself when there is none. */
export function textIn(lang: Lang, key: string): string {
  const [ns, rest] = key.includes(':') ? key.split(':', 2) : ['common', key];
  let node: unknown = namespace(lang, ns);
  for (const part of rest.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : key;
}

const catalogues = new Map<Lang, Record<string, string>>();

/**
 * A problem's message in a language, its `{{placeholders}}` filled: a validation code's (validation namespace), or
 * one of the codes only imports report (`imports:problems`, texts the panel's forms never need).
 */
export function validationMessage(lang: Lang, code: string, params: Record<string, unknown> = {}): string {
  let catalogue = catalogues.get(lang);
  if (!catalogue) {
    const problems = (namespace(lang, 'imports').problems ?? {}) as Record<string, string>;
    catalogue = { ...problems, ...(namespace(lang, 'validation') as Record<string, string>) };
    catalogues.set(lang, catalogue);
  }
  return messageFor(catalogue, code, params);
}

/**
 * The language a request states in its Accept-Language header (the panel sends the one it shows), if it is one of
 * ours; undefined when it states none or another.
 */
export function statedLanguage(request: FastifyRequest): Lang | undefined {
  const header = String(request.headers['accept-language'] ?? '');
  return /^pl\b/i.test(header) ? 'pl' : /^en\b/i.test(header) ? 'en' : undefined;
}

/** The language a request asks for: `lang` when given, else the Accept-Language header, else English. */
export function languageOf(request: FastifyRequest, asked?: string): Lang {
  if (asked === 'pl' || asked === 'en') return asked;
  return /^pl\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'pl' : 'en';
}
