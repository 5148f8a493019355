// `npm run validate` on the date presets a filter schema declares: only on a date range, only the relative choices,
// every relative choice on a table's period (its bar offers them all), and a label of each choice in both languages.
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/validate/project.ts';
import { checkDatePresets } from '../../tools/validate/checkDatePresets.ts';
import { checkConstantSets } from '../../tools/validate/checkConstantSets.ts';
import { formatProblem } from '../../tools/validate/index.ts';
import { edit, repo, repoCopies, type Json } from './repoCopies.ts';

const { copyOf } = repoCopies('validate-presets');

type Node = Record<string, any>;
const lines = (root: string) => {
  const { project } = loadProject(root);
  return [...checkDatePresets(project), ...checkConstantSets(project)].map(formatProblem).filter((line) => /preset/i.test(line));
};

describe('date presets in the configuration', () => {
  it('pass as the repository declares them', () => {
    expect(lines(repo)).toEqual([]);
  });

  it('are refused off a date range, with a value that is no relative choice, and missing from a period', () => {
    const root = copyOf();
    edit(root, 'schemas/filters/payout.json', (schema: Json) => {
      const properties = (schema as Node).properties;
      properties.amount.properties.preset = { type: 'string', enum: ['LAST_7_DAYS'] };
      properties.createdAt.properties.preset.enum.push('ALL');
    });
    edit(root, 'schemas/filters/balance-update.json', (schema: Json) => {
      (schema as Node).properties.createdAt.properties.preset.enum = ['LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH'];
    });
    const found = lines(root);
    expect(found).toContain('schemas/filters/payout.json: /properties/amount/properties/preset: a date preset belongs to a date range: a "between" of dateTime or date-time bounds');
    expect(found).toContain(
      'schemas/filters/payout.json: /properties/createdAt/properties/preset/enum/4: "ALL" is not a preset a filter holds (LAST_7_DAYS, LAST_30_DAYS, THIS_MONTH, LAST_MONTH); "All" and "Another period" are offered without it',
    );
    expect(found.some((line) => line.startsWith('screens.json: /screens/') && line.endsWith('the period bar offers every date preset, but schemas/filters/balance-update.json /properties/createdAt/properties/preset does not list LAST_MONTH'))).toBe(true);
  });

  it('need a label of every choice in both languages', () => {
    const root = copyOf();
    edit(root, 'locales/pl/dashboard.json', (texts: Json) => {
      delete (texts as Node).period.presets.ANOTHER_PERIOD;
    });
    expect(lines(root)).toContain('locales/pl/dashboard.json: /period/presets/ANOTHER_PERIOD: missing: the label of "ANOTHER_PERIOD", which DATE_PRESETS (src/shared/datePresets.ts) lists');
  });
});
