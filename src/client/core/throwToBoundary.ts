// Errors raised in event handlers do not reach error boundaries by themselves; this hook re-throws
// them during render so that the nearest boundary shows its fallback.
import { useCallback, useState } from 'react';

export function useThrowToBoundary(): (error: unknown) => void {
  const [, setState] = useState<null>(null);
  return useCallback((error: unknown) => {
    setState(() => {
      throw error;
    });
  }, []);
}
