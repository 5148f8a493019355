// Country names in the language the request asks for (Accept-Language: Polish, else English).
import type { FastifyRequest } from 'fastify';

export type Language = 'pl' | 'en';

export function language(request: FastifyRequest): Language {
  return /^pl\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'pl' : 'en';
}

export function countryName(code: string, lang: Language): string {
  return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
}
