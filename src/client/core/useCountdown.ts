import { useEffect, useState } from 'react';
import { formatCountdown, remainingMs } from './countdown.ts';

/** Remaining session time as mm:ss, refreshed every second. */
export function useCountdown(expiresIn: string | undefined): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return formatCountdown(remainingMs(expiresIn, now));
}
