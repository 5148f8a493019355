// Top Payees: per currency, the recipients with the highest sums of payouts created in the period, each linking to
// those payouts. `limit` in the descriptor: how many per currency.
import { TOP_PAYEES_DEFAULT_LIMIT, type RecipientSummaryAnswer } from '../../../../shared/dashboard.ts';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { byCurrency, formatCount, formatMoneyIn } from '../figures.ts';
import { usePayoutsHref } from '../links.ts';
import { Figures } from '../Figures.tsx';
import { usePanelData } from '../queries.ts';
import type { PanelProps } from './index.ts';

export function TopPayees({ panel, context: { query, locale } }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const answer = usePanelData<RecipientSummaryAnswer>('/payout/recipient/summary', { ...query, limit: panel.limit ?? TOP_PAYEES_DEFAULT_LIMIT });
  const href = usePayoutsHref();
  if (answer.items.length === 0) return <p className="dashboard-empty">{t('panels.topPayees.empty')}</p>;
  return (
    <>
      {byCurrency(answer.items).map(([currency, rows]) => (
        <Figures key={currency} labelledBy={`${panel.id}-${currency}-caption`}>
          <table className="figures">
            <caption id={`${panel.id}-${currency}-caption`}>{t('panels.topPayees.currency', { currency })}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">{t('panels.topPayees.rank')}</th>
                <th scope="col">{t('panels.topPayees.recipient')}</th>
                <th scope="col" className="num">{t('panels.topPayees.count')}</th>
                <th scope="col" className="num">{t('panels.topPayees.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || `#${row.recipientId}`;
                return (
                  <tr key={row.recipientId}>
                    <td className="num">{row.rank}</td>
                    <th scope="row">
                      {href ? (
                        <Link to={href({ recipientId: row.recipientId }, answer)} aria-label={t('panels.topPayees.show', { name })}>
                          {name}
                        </Link>
                      ) : (
                        name
                      )}
                    </th>
                    <td className="num">{formatCount(row.count, locale)}</td>
                    <td className="num">{formatMoneyIn(row.amount, row.currency, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Figures>
      ))}
    </>
  );
}
