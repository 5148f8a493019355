// Account Overview: available, blocked and total funds per currency, over all the customer's accounts. A row's
// currency is its header, so its amounts are written without it, which keeps the table within its half of the
// dashboard at 1366 px.
import type { AccountSummaryRow } from '../../../../shared/accounts.ts';
import { formatAmount } from '../../../../shared/money.ts';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../figures.ts';
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
              <td className="num">{formatAmount(row.balance, { locale })}</td>
              <td className="num">{formatAmount(row.lockedBalance, { locale })}</td>
              <td className="num">{formatAmount(row.totalBalance, { locale })}</td>
              <td className="num">{formatCount(row.accounts, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Figures>
  );
}
