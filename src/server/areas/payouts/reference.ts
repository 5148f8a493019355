// A payout's reference (the SMS variable PAYOUT_REFERENCE): short enough to read out on the phone, random
// enough not to be guessed or to collide (40 bits per year; the unique index has the last word).
import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U to misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReference(now = new Date()): string {
  return newReferences(1, now)[0];
}

/** `count` references at once: one draw of random bytes for them all (an import makes tens of thousands). */
export function newReferences(count: number, now = new Date()): string[] {
  const bytes = randomBytes(5 * count);
  const year = now.getUTCFullYear();
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const at = i * 5;
    // 40 bits as two halves of 20, each four characters of 5 bits, the most significant first.
    const high = (bytes[at] << 12) | (bytes[at + 1] << 4) | (bytes[at + 2] >> 4);
    const low = ((bytes[at + 2] & 15) << 16) | (bytes[at + 3] << 8) | bytes[at + 4];
    const four = (half: number) => ALPHABET[(half >> 15) & 31] + ALPHABET[(half >> 10) & 31] + ALPHABET[(half >> 5) & 31] + ALPHABET[half & 31];
    out[i] = `PO-${year}-${four(high)}-${four(low)}`;
  }
  return out;
}
