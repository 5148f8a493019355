// The tab a form in tabs shows: the address's `tab`, among the tabs the user's permissions allow.
import { useSearchParams } from 'react-router-dom';
import type { FormScreen } from '../descriptors.ts';
import { activeTab, visibleTabs } from './formTabs.ts';
import { usePermissions } from './usePermissions.ts';

/** [tabs, tab, chooseTab]: a tuple, as useState's (the form route's start-up budget). */
export function useFormTab(screen: FormScreen) {
  const [search, setSearch] = useSearchParams();
  const permissions = usePermissions();
  const tabs = screen.tabs ? visibleTabs(screen.tabs, permissions) : [];
  const tab = activeTab(tabs, search.get('tab'));
  // Replaces the address rather than adding to the history: Back leaves the form, not the tab.
  const chooseTab = (number: number) =>
    void setSearch((now) => {
      const next = new URLSearchParams(now);
      next.set('tab', String(number));
      return next;
    }, { replace: true });
  return [tabs, tab, chooseTab] as const;
}
