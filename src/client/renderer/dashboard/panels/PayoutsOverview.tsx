// Payouts Overview: how many payouts of each status were created in the period (the chart), and per status and
// currency their number and sum (the table), each status linking to those payouts.
import { PAYOUT_STATUSES, payoutLabel, type PayoutStatus } from '../../../../shared/payouts.ts';
import type { StatusSummaryAnswer } from '../../../../shared/dashboard.ts';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChartArea } from '../ChartArea.tsx';
import { formatCount, formatMoneyIn } from '../figures.ts';
import { usePayoutsHref } from '../links.ts';
import { Figures } from '../Figures.tsx';
import { usePanelData } from '../queries.ts';
import type { PanelProps } from './index.ts';

/** A colour per status, by what it means to the customer (matching the payouts list's labels). */
const STATUS_COLORS: Record<PayoutStatus, string> = {
  TO_APPROVE: '#b7791f',
  TO_COLLECT: '#1f5eff',
  SUSPENDED: '#d69e2e',
  CANCELLED: '#9b2c2c',
  EXPIRED: '#c53030',
  COLLECTED_ON_PAGE: '#2f855a',
  TRANSFER_FILE_GENERATED: '#38a169',
  COMPLETED_SUCCESSFULLY: '#1c6b43',
  RETURNED: '#718096',
};

export function PayoutsOverview({ panel, context: { query, locale } }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const answer = usePanelData<StatusSummaryAnswer>('/payout/summary/status', query);
  const href = usePayoutsHref();
  if (answer.items.length === 0) return <p className="dashboard-empty">{t('panels.payoutsOverview.empty')}</p>;
  const statuses = PAYOUT_STATUSES.filter((status) => answer.items.some((row) => row.status === status));
  // Named as the payouts list names them: a completed payout is "Paid".
  const label = (status: PayoutStatus) => t(`entities:enums.payoutStatus.${payoutLabel(status)}`);
  const chart = statuses.map((status) => ({
    key: status,
    label: label(status),
    value: answer.items.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0),
    color: STATUS_COLORS[status],
  }));
  const total = chart.reduce((sum, datum) => sum + datum.value, 0);
  return (
    <>
      <ChartArea kind="bar" data={chart} format={(value) => formatCount(value, locale)} />
      <Figures labelledBy={`${panel.id}-title`}>
        <table className="figures" aria-labelledby={`${panel.id}-title`}>
          <thead>
            <tr>
              <th scope="col">{t('panels.payoutsOverview.status')}</th>
              <th scope="col">{t('panels.payoutsOverview.currency')}</th>
              <th scope="col" className="num">{t('panels.payoutsOverview.count')}</th>
              <th scope="col" className="num">{t('panels.payoutsOverview.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {statuses.flatMap((status) => {
              const rows = answer.items.filter((row) => row.status === status);
              return rows.map((row, index) => (
                <tr key={`${status}-${row.currency}`}>
                  {index === 0 && (
                    <th scope="row" rowSpan={rows.length}>
                      <span className="swatch" style={{ background: STATUS_COLORS[status] }} aria-hidden="true" />
                      {href ? (
                        <Link to={href({ status: [status] }, answer)} aria-label={t('panels.payoutsOverview.show', { status: label(status) })}>
                          {label(status)}
                        </Link>
                      ) : (
                        label(status)
                      )}
                    </th>
                  )}
                  <td>{row.currency}</td>
                  <td className="num">{formatCount(row.count, locale)}</td>
                  <td className="num">{formatMoneyIn(row.amount, row.currency, locale)}</td>
                </tr>
              ));
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('panels.payoutsOverview.total')}
              </th>
              <td className="num">{formatCount(total, locale)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </Figures>
    </>
  );
}
