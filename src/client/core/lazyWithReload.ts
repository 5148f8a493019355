// React.lazy with one page reload when a chunk fails to load (typically after a new deployment
// replaced the files); a second failure goes to the error boundary.
import { lazy, type ComponentType } from 'react';

const RELOAD_FLAG = 'chunkReloaded';

export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_FLAG);
      return module;
    } catch (error) {
      if (!sessionStorage.getItem(RELOAD_FLAG)) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        window.location.reload();
        // Keep suspending until the reload replaces the page.
        return new Promise<never>(() => {});
      }
      sessionStorage.removeItem(RELOAD_FLAG);
      throw error;
    }
  });
}
