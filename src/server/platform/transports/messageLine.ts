// How the outbox file's transport prints a message on the console: one line that stands out from the log, naming
// the channel, the recipient and, for a verification code, the code itself, so a newcomer finds it at a glance.
import { styleText } from 'node:util';
import type { OutgoingMessage } from '../outbox.ts';

const CHANNEL_NAMES = { sms: 'SMS', email: 'E-MAIL', webhook: 'WEBHOOK' } as const;

/**
 * The code a verification message carries: its one run of 4 to 8 digits standing alone (an amount or a reference
 * in the same text is grouped or joined to letters). Null when there is none, or more than one to choose from.
 */
export function codeIn(body: string): string | null {
  const runs = body.match(/(?<![\w.,-])\d{4,8}(?![\w-]|[.,]\d)/g) ?? [];
  return runs.length === 1 ? runs[0] : null;
}

/** `>> SMS to +48600000001 | code 123456 | Your verification code: 123456`, bold on a terminal. */
export function messageLine(m: Pick<OutgoingMessage, 'channel' | 'recipient' | 'subject' | 'body' | 'lane'>, colour: boolean): string {
  const code = m.lane === 'code' ? codeIn(m.body) : null;
  const head = `>> ${CHANNEL_NAMES[m.channel]} to ${m.recipient}${code ? ` | code ${code}` : ''}`;
  const text = `${m.subject ? `${m.subject}: ` : ''}${m.body}`.trim().replace(/\s*\n\s*/g, ' / ');
  return `${colour ? styleText(['bold', 'cyan'], head) : head} | ${text}`;
}
