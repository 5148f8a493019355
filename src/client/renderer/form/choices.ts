// "ui:choices" at the root of a form's ui hints: groups of fields of which the user fills one, chosen with radio
// buttons shown before the first of them (a payout's recipient: an existing one, or a new one by phone number).
// The fields of the options not chosen are hidden and left out of what is sent; what was typed into them is kept
// aside and comes back when the user chooses that option again.
import type { UiSchema } from '@rjsf/utils';

interface ChoiceOption {
  /** Text key of the radio button. */
  label: string;
  fields: string[];
}

export interface Choice {
  id: string;
  /** Text key of the group's legend. */
  title: string;
  options: ChoiceOption[];
}

/** The chosen option of each choice, by id. */
export type Chosen = Record<string, number>;

export function choicesOf(uiSchema: UiSchema | undefined): Choice[] {
  const value = uiSchema?.['ui:choices'];
  return Array.isArray(value) ? (value as Choice[]) : [];
}

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return typeof value !== 'object' || Object.values(value as object).some(hasValue);
}

/** The option holding data (a loaded record's), else the first. */
export function initialChosen(choices: readonly Choice[], data: Record<string, unknown>): Chosen {
  const chosen: Chosen = {};
  for (const choice of choices) {
    const index = choice.options.findIndex((option) => option.fields.some((field) => hasValue(data[field])));
    chosen[choice.id] = Math.max(index, 0);
  }
  return chosen;
}

/** Fields of options not chosen. */
export function fieldsNotChosen(choices: readonly Choice[], chosen: Chosen): string[] {
  return choices.flatMap((choice) => choice.options.filter((_, index) => index !== (chosen[choice.id] ?? 0)).flatMap((option) => option.fields));
}

/**
 * The data after choosing option `index` of `choice`: the fields of the option left are moved to `aside`, those
 * of the option chosen come back from it.
 */
export function switchChoice(choice: Choice, index: number, data: Record<string, unknown>, aside: Record<string, unknown>): { data: Record<string, unknown>; aside: Record<string, unknown> } {
  const nextData = { ...data };
  const nextAside = { ...aside };
  choice.options.forEach((option, i) => {
    for (const field of option.fields) {
      if (i === index) {
        if (Object.hasOwn(nextAside, field)) nextData[field] = nextAside[field];
        delete nextAside[field];
      } else {
        if (Object.hasOwn(nextData, field)) nextAside[field] = nextData[field];
        delete nextData[field];
      }
    }
  });
  return { data: nextData, aside: nextAside };
}

/** The choice whose radio buttons go before field `name`: the first of its fields in the form's order. */
export function choiceBefore(choices: readonly Choice[], order: readonly string[], name: string): Choice | undefined {
  return choices.find((choice) => {
    const fields = new Set(choice.options.flatMap((option) => option.fields));
    return order.find((field) => fields.has(field)) === name;
  });
}
