// A payout's reference (the SMS variable PAYOUT_REFERENCE): short enough to read out on the phone, random
// enough not to be guessed or to collide (40 bits per year; the unique index has the last word).
import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U to misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReference(now = new Date()): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let text = '';
  for (let i = 0; i < 8; i++) {
    text = ALPHABET[Number(bits & 31n)] + text;
    bits >>= 5n;
  }
  return `PO-${now.getUTCFullYear()}-${text.slice(0, 4)}-${text.slice(4)}`;
}
