// Remaining session time, formatted mm:ss (minutes keep counting past 59).
export function remainingMs(expiresIn: string | undefined, now: number): number {
  if (!expiresIn) return 0;
  const end = Date.parse(expiresIn);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** True once the expiry time has passed (or cannot be read). */
export function hasExpired(expiresIn: string | undefined, now: number): boolean {
  if (!expiresIn) return false;
  const end = Date.parse(expiresIn);
  return Number.isNaN(end) ? false : end <= now;
}
