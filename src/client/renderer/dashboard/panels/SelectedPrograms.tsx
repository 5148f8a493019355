// Selected Programs: for the programs the user chose (kept in the address, `programs=3,7`), or else the most active
// ones of the period, the budget's usage in its current interval (the lists' usage bar: 75% and 100% colours), and
// the payouts created in the period with how many of them were collected.
import type { TFunction } from 'i18next';
import type { ProgramSummaryAnswer, ProgramSummaryRow } from '../../../../shared/dashboard.ts';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usageOf } from '../../table/format.ts';
import { UsageBar } from '../../table/UsageBar.tsx';
import { formatCount, formatMoneyIn } from '../figures.ts';
import { usePayoutsHref } from '../links.ts';
import { readChosenPrograms } from '../periodAddress.ts';
import { Figures } from '../Figures.tsx';
import { usePanelData } from '../queries.ts';
import type { PanelProps } from './index.ts';
import { useProgramChoice } from './useProgramChoice.ts';

/** How many programs show when none are chosen. */
const MOST_ACTIVE = 5;

function mostActive(items: readonly ProgramSummaryRow[]): ProgramSummaryRow[] {
  return [...items].sort((a, b) => b.payoutsCount - a.payoutsCount || a.name.localeCompare(b.name)).slice(0, MOST_ACTIVE);
}

interface ProgramChoiceProps {
  panelId: string;
  items: readonly ProgramSummaryRow[];
  choice: ReturnType<typeof useProgramChoice>;
  /** Some programs are chosen (the address names them): "All programs" goes back to the most active ones. */
  anyChosen: boolean;
  t: TFunction<'dashboard'>;
}

/** "Choose programs": a checkbox per program, "Show", and "All programs" once some are chosen. */
function ProgramChoice({ panelId, items, choice, anyChosen, t }: ProgramChoiceProps) {
  const problemId = `${panelId}-problem`;
  return (
    <details className="dashboard-choice">
      <summary>{t('panels.selectedPrograms.choose')}</summary>
      <form onSubmit={choice.apply} noValidate>
        <fieldset aria-describedby={choice.problem ? problemId : undefined}>
          <legend className="visually-hidden">{t('panels.selectedPrograms.choose')}</legend>
          <ul className="dashboard-choice-list">
            {items.map((row) => (
              <li key={row.id}>
                <label>
                  <input type="checkbox" checked={choice.checked.includes(row.id)} onChange={(event) => choice.toggle(row.id, event.target.checked)} />{' '}
                  {row.name} <span className="muted">({row.currency})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {choice.problem && (
          <p id={problemId} className="field-error" role="alert">
            {t('panels.selectedPrograms.noneChosen')}
          </p>
        )}
        <div className="dashboard-choice-actions">
          <button type="submit" className="btn btn-primary">
            {t('panels.selectedPrograms.apply')}
          </button>
          {anyChosen && (
            <button type="button" className="btn btn-secondary" onClick={choice.showMostActive}>
              {t('panels.selectedPrograms.all')}
            </button>
          )}
        </div>
      </form>
    </details>
  );
}

export function SelectedPrograms({ panel, context: { query, locale, params, setParams } }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const answer = usePanelData<ProgramSummaryAnswer>('/payout/program/summary', query);
  const href = usePayoutsHref();
  const chosen = readChosenPrograms(params).filter((id) => answer.items.some((row) => row.id === id));
  const choice = useProgramChoice(chosen, setParams);
  if (answer.items.length === 0) return <p className="dashboard-empty">{t('panels.selectedPrograms.noPrograms')}</p>;
  const rows = chosen.length ? answer.items.filter((row) => chosen.includes(row.id)) : mostActive(answer.items);

  return (
    <>
      <p className="muted">{chosen.length ? t('panels.selectedPrograms.chosen') : t('panels.selectedPrograms.mostActive')}</p>
      <ProgramChoice panelId={panel.id} items={answer.items} choice={choice} anyChosen={chosen.length > 0} t={t} />
      <Figures labelledBy={`${panel.id}-title`}>
        <table className="figures" aria-labelledby={`${panel.id}-title`}>
          <thead>
            <tr>
              <th scope="col">{t('panels.selectedPrograms.program')}</th>
              <th scope="col">{t('panels.selectedPrograms.budget')}</th>
              <th scope="col" className="num">{t('panels.selectedPrograms.payouts')}</th>
              <th scope="col" className="num">{t('panels.selectedPrograms.collected')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const budgetLabel = t('panels.selectedPrograms.budgetUsed', { interval: t(`panels.selectedPrograms.intervals.${row.budgetInterval}`) });
              const usageText = t('panels.selectedPrograms.usage', {
                percent: usageOf(row.usedBudget, row.budget).percent,
                value: formatMoneyIn(row.usedBudget, row.currency, locale),
                max: formatMoneyIn(row.budget, row.currency, locale),
              });
              return (
                <tr key={row.id}>
                  <th scope="row">
                    {href ? (
                      <Link to={href({ programId: row.id }, answer)} aria-label={t('panels.selectedPrograms.show', { name: row.name })}>
                        {row.name}
                      </Link>
                    ) : (
                      row.name
                    )}
                  </th>
                  <td>
                    <UsageBar value={row.usedBudget} max={row.budget} label={`${row.name}: ${budgetLabel}`} text={usageText} />
                    <span className="muted dashboard-note">{budgetLabel}</span>
                  </td>
                  <td className="num">{t('panels.selectedPrograms.payoutsText', { n: formatCount(row.payoutsCount, locale), amount: formatMoneyIn(row.payoutsAmount, row.currency, locale) })}</td>
                  <td className="num">
                    {t('panels.selectedPrograms.collectedText', {
                      n: formatCount(row.collectedCount, locale),
                      total: formatCount(row.payoutsCount, locale),
                      amount: formatMoneyIn(row.collectedAmount, row.currency, locale),
                    })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Figures>
    </>
  );
}
