// The tab list above a form in tabs: buttons with the tab role, the arrow keys, Home and End moving between them
// (the WAI-ARIA tabs pattern), the chosen one kept in the address by the caller.
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormTab } from '../descriptors.ts';

interface FormTabsProps {
  label: string;
  tabs: { tab: FormTab; number: number }[];
  active: number;
  /** The id of the panel the tabs control. */
  panelId: string;
  onChoose: (number: number) => void;
}

export const tabId = (panelId: string, number: number) => `${panelId}-tab-${number}`;

export function FormTabs({ label, tabs, active, panelId, onChoose }: FormTabsProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((entry) => entry.number === active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    onChoose(target.number);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(panelId, target.number))}`)?.focus();
  };
  return (
    <div ref={list} className="form-tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {tabs.map(({ tab, number }) => (
        <button
          key={number}
          id={tabId(panelId, number)}
          type="button"
          role="tab"
          className="form-tab"
          aria-selected={number === active}
          aria-controls={panelId}
          tabIndex={number === active ? 0 : -1}
          onClick={() => onChoose(number)}
        >
          {t(tab.title)}
        </button>
      ))}
    </div>
  );
}
