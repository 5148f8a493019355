// Error texts travel through RJSF as message descriptors (code, parameters, the server's own wording) rather than
// finished sentences, and are put into words when shown: a language switch then re-words every error on screen.

/** The one thing this module needs of the translations: `t(key, options)`. */
type Translate = (key: string, options: Record<string, unknown>) => string;

const PREFIX = '\u0000msg:';

export interface MessageDescriptor {
  code: string;
  params?: Record<string, unknown>;
  /** The server's English message, shown when the catalogue has no text for the code. */
  fallback?: string;
}

export function encodeMessage(message: MessageDescriptor): string {
  return PREFIX + JSON.stringify(message);
}

export function decodeMessage(text: string): MessageDescriptor | undefined {
  if (!text.startsWith(PREFIX)) return undefined;
  try {
    return JSON.parse(text.slice(PREFIX.length)) as MessageDescriptor;
  } catch {
    return undefined;
  }
}

/** The text of one error in the current language: `t('validation:' + code)`, else the server's message, else as is. */
export function messageText(t: Translate, text: string): string {
  const message = decodeMessage(text);
  if (!message) return text;
  return t(`validation:${message.code}`, { ...message.params, defaultValue: message.fallback ?? message.code });
}

/** The catalogue codes among a field's errors. */
export function errorCodes(errors: readonly string[] | undefined): string[] {
  return (errors ?? []).flatMap((text) => decodeMessage(text)?.code ?? []);
}
