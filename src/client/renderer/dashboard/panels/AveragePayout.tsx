// Average Payout Amount per Program: a bar chart per currency (averages of different currencies are not compared
// on one axis), with the figures in a table.
import { fromThousandths } from '../../../../shared/money.ts';
import type { ProgramSummaryAnswer } from '../../../../shared/dashboard.ts';
import { useTranslation } from 'react-i18next';
import { ChartArea } from '../ChartArea.tsx';
import { byCurrency, formatCount, formatMoneyIn } from '../figures.ts';
import { Figures } from '../Figures.tsx';
import { usePanelData } from '../queries.ts';
import type { PanelProps } from './index.ts';

export function AveragePayout({ panel, context: { query, locale } }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const answer = usePanelData<ProgramSummaryAnswer>('/payout/program/summary', query);
  const withPayouts = answer.items.filter((row) => row.averageAmount !== null);
  if (withPayouts.length === 0) return <p className="dashboard-empty">{t('panels.averagePayout.empty')}</p>;
  return (
    <>
      {byCurrency(withPayouts).map(([currency, rows]) => {
        const sorted = [...rows].sort((a, b) => (b.averageAmount ?? 0) - (a.averageAmount ?? 0) || a.name.localeCompare(b.name));
        const headingId = `${panel.id}-${currency}`;
        return (
          <div key={currency} className="dashboard-currency">
            <h3 id={headingId} className="dashboard-subtitle">
              {t('panels.averagePayout.currency', { currency })}
            </h3>
            <ChartArea
              kind="bar"
              data={sorted.map((row) => ({ key: String(row.id), label: row.name, value: fromThousandths(row.averageAmount ?? 0) }))}
              format={(value) => formatMoneyIn(Math.round(value * 1000), currency, locale)}
            />
            <Figures labelledBy={headingId}>
              <table className="figures" aria-labelledby={headingId}>
                <thead>
                  <tr>
                    <th scope="col">{t('panels.averagePayout.program')}</th>
                    <th scope="col" className="num">{t('panels.averagePayout.average')}</th>
                    <th scope="col" className="num">{t('panels.averagePayout.count')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">{row.name}</th>
                      <td className="num">{formatMoneyIn(row.averageAmount ?? 0, currency, locale)}</td>
                      <td className="num">{formatCount(row.payoutsCount, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Figures>
          </div>
        );
      })}
    </>
  );
}
