// Account Overview: available, blocked and total funds per currency, over all the customer's accounts.
import type { AccountSummaryRow } from '../../../../shared/accounts.ts';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoneyIn } from '../figures.ts';
import { Figures } from '../Figures.tsx';
import { usePanelData } from '../queries.ts';
import type { PanelProps } from './index.ts';

export function AccountOverview({ panel, context: { locale } }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const { items } = usePanelData<{ items: AccountSummaryRow[] }>('/account/summary');
  if (items.length === 0) return <p className="dashboard-empty">{t('panels.accountOverview.empty')}</p>;
  return (
    <Figures labelledBy={`${panel.id}-title`}>
      <table className="figures" aria-labelledby={`${panel.id}-title`}>
        <thead>
          <tr>
            <th scope="col">{t('panels.accountOverview.currency')}</th>
            <th scope="col" className="num">{t('panels.accountOverview.available')}</th>
            <th scope="col" className="num">{t('panels.accountOverview.blocked')}</th>
            <th scope="col" className="num">{t('panels.accountOverview.total')}</th>
            <th scope="col" className="num">{t('panels.accountOverview.accounts')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.currency}>
              <th scope="row">{row.currency}</th>
              <td className="num">{formatMoneyIn(row.balance, row.currency, locale)}</td>
              <td className="num">{formatMoneyIn(row.lockedBalance, row.currency, locale)}</td>
              <td className="num">{formatMoneyIn(row.totalBalance, row.currency, locale)}</td>
              <td className="num">{formatCount(row.accounts, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Figures>
  );
}
