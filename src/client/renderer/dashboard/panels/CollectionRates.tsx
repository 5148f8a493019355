// Payout Collection Rates: the share of the period's payouts collected within 24 h, 24-48 h, 48-72 h, over 72 h
// and not collected (the spec's categories, src/shared/dashboard.ts), as a ring and as a table with the amounts per
// currency.
import { COLLECTION_RATE_CATEGORIES, type CollectionRateCategory, type CollectionRatesAnswer } from '../../../../shared/dashboard.ts';
import { useTranslation } from 'react-i18next';
import { ChartArea } from '../ChartArea.tsx';
import { byCurrency, formatCount, formatMoneyIn, formatShare } from '../figures.ts';
import { Figures } from '../Figures.tsx';
import { usePanelData } from '../queries.ts';
import type { PanelProps } from './index.ts';

const CATEGORY_COLORS: Record<CollectionRateCategory, string> = {
  lessThanOneDay: '#1c6b43',
  fromOneToTwoDays: '#38a169',
  fromTwoToThreeDays: '#d69e2e',
  overThreeDays: '#dd6b20',
  unclaimed: '#8a94a6',
};

export function CollectionRates({ panel, context: { query, locale } }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const answer = usePanelData<CollectionRatesAnswer>('/payout/summary/collectionRates', query);
  if (answer.total === 0) return <p className="dashboard-empty">{t('panels.collectionRates.empty')}</p>;
  const label = (category: CollectionRateCategory) => t(`panels.collectionRates.categories.${category}`);
  const currencies = byCurrency(answer.currencies).map(([currency]) => currency);
  const amountOf = (category: CollectionRateCategory, currency: string) =>
    answer.currencies.find((row) => row.category === category && row.currency === currency)?.amount ?? 0;
  return (
    <>
      <ChartArea
        kind="donut"
        data={answer.items.filter((row) => row.count > 0).map((row) => ({ key: row.category, label: label(row.category), value: row.count, color: CATEGORY_COLORS[row.category] }))}
        format={(value) => formatCount(value, locale)}
      />
      <p className="muted">{t('panels.collectionRates.total', { n: formatCount(answer.total, locale) })}</p>
      <Figures labelledBy={`${panel.id}-title`}>
        <table className="figures" aria-labelledby={`${panel.id}-title`}>
          <thead>
            <tr>
              <th scope="col">{t('panels.collectionRates.category')}</th>
              <th scope="col" className="num">{t('panels.collectionRates.share')}</th>
              <th scope="col" className="num">{t('panels.collectionRates.count')}</th>
              {currencies.map((currency) => (
                <th scope="col" className="num" key={currency}>
                  {t('panels.collectionRates.amount')} ({currency})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COLLECTION_RATE_CATEGORIES.map((category) => {
              const row = answer.items.find((item) => item.category === category);
              return (
                <tr key={category}>
                  <th scope="row">
                    <span className="swatch" style={{ background: CATEGORY_COLORS[category] }} aria-hidden="true" />
                    {label(category)}
                  </th>
                  <td className="num">{formatShare(row?.share ?? 0, locale)}</td>
                  <td className="num">{formatCount(row?.count ?? 0, locale)}</td>
                  {currencies.map((currency) => (
                    <td className="num" key={currency}>
                      {formatMoneyIn(amountOf(category, currency), currency, locale)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </Figures>
    </>
  );
}
