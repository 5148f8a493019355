// Input masks (spec 001, "Input behaviour" and the postal / industry code rules). Each takes what is in the field
// after a keystroke or a paste and returns what the field should hold; characters the mask cannot place are dropped.

/** Polish postal code: digits only, a hyphen after the first 2 digits, at most 6 characters ("12345" -> "12-345"). */
export function maskPostalCode(input: string): string {
  const digits = input.replace(/[^0-9]/g, '').slice(0, 5);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/**
 * Industry code (PKD): upper-cased, at most 7 characters, a dot after 2 and after 5 characters ("6201z" -> "62.01.Z").
 * The first four places take digits and the last a letter, as in every PKD code.
 */
export function maskIndustryCode(input: string): string {
  const kept: string[] = [];
  for (const ch of input.toUpperCase()) {
    if (kept.length === 5) break;
    if (kept.length < 4 ? /[0-9]/.test(ch) : /[A-Z]/.test(ch)) kept.push(ch);
  }
  let out = '';
  kept.forEach((ch, i) => {
    if (i === 2 || i === 4) out += '.';
    out += ch;
  });
  return out;
}

/** IBAN input filter: upper-cases and keeps only A-Z, 0-9 and spaces. */
export function maskIban(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9 ]/g, '');
}

/**
 * A bank account shown to someone who may not see it whole: its last 4 characters after four dots
 * ("PL61109010140000071219812874" -> "•••• 2874"); nothing for no account.
 */
export function maskAccountNumber(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/\s+/g, '');
  return compact ? `•••• ${compact.slice(-4)}` : null;
}
