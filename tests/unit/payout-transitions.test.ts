// The payout transitions pinned to their sources, written out by hand: DESIGN.md's list ("TO_APPROVE -> TO_COLLECT |
// CANCELLED; TO_COLLECT -> SUSPENDED | CANCELLED | EXPIRED | COLLECTED_ON_PAGE; SUSPENDED -> TO_COLLECT | CANCELLED;
// COLLECTED_ON_PAGE -> TRANSFER_FILE_GENERATED; TRANSFER_FILE_GENERATED -> COMPLETED_SUCCESSFULLY | RETURNED") and
// the one deliberate addition (docs/DESIGN.md, Departures), SUSPENDED -> EXPIRED. The table is compared with them
// both ways, so an entry that is in neither (CANCELLED -> TO_COLLECT) or one that went missing fails here. The
// messages each move sends (DESIGN.md: only a move into TO_COLLECT says "You have a payout") are pinned the same way.
import { describe, expect, it } from 'vitest';
import { NON_EDITABLE_STATUSES, NON_EDITABLE_STATUSES_FOR_API, PAYOUT_MESSAGES, PAYOUT_STATUSES, PAYOUT_TRANSITIONS, PAYOUT_TRANSITION_MESSAGES, isEditable, transitionMessages } from '../../src/shared/payouts.ts';

const SPECIFIED: [string, string][] = [
  ['TO_APPROVE', 'TO_COLLECT'],
  ['TO_APPROVE', 'CANCELLED'],
  ['TO_COLLECT', 'SUSPENDED'],
  ['TO_COLLECT', 'CANCELLED'],
  ['TO_COLLECT', 'EXPIRED'],
  ['TO_COLLECT', 'COLLECTED_ON_PAGE'],
  ['SUSPENDED', 'TO_COLLECT'],
  ['SUSPENDED', 'CANCELLED'],
  ['SUSPENDED', 'EXPIRED'],
  ['COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED'],
  ['TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY'],
  ['TRANSFER_FILE_GENERATED', 'RETURNED'],
];

const key = ([from, to]: [string, string]) => `${from} -> ${to}`;
const inTable = () => Object.entries(PAYOUT_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`));

describe('the payout transitions', () => {
  it('hold every transition of DESIGN.md and its departures', () => {
    const table = new Set(inTable());
    expect(SPECIFIED.map(key).filter((t) => !table.has(t))).toEqual([]);
  });

  it('hold no transition beyond them', () => {
    const specified = new Set(SPECIFIED.map(key));
    expect(inTable().filter((t) => !specified.has(t))).toEqual([]);
  });

  it('leave the spec\'s non-editable statuses, but for settlement\'s steps, never', () => {
    expect(NON_EDITABLE_STATUSES).toEqual(['CANCELLED', 'EXPIRED', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY', 'RETURNED']);
    for (const status of ['CANCELLED', 'EXPIRED', 'COMPLETED_SUCCESSFULLY', 'RETURNED'] as const) expect(PAYOUT_TRANSITIONS[status]).toEqual([]);
  });

  it('make TO_APPROVE non-editable through the integration API only (spec)', () => {
    expect([...NON_EDITABLE_STATUSES_FOR_API].sort()).toEqual(['CANCELLED', 'COLLECTED_ON_PAGE', 'COMPLETED_SUCCESSFULLY', 'EXPIRED', 'RETURNED', 'TO_APPROVE', 'TRANSFER_FILE_GENERATED']);
    expect(isEditable('TO_APPROVE', false)).toBe(true);
    expect(isEditable('TO_APPROVE', true)).toBe(false);
    expect(isEditable('TO_COLLECT', true)).toBe(true);
    expect(isEditable('CANCELLED', false)).toBe(false);
  });
});

describe('the messages of each transition', () => {
  const EXPECTED: Record<string, 'none' | 'recipient' | 'admins'> = {
    'TO_APPROVE -> TO_COLLECT': 'recipient',
    'TO_APPROVE -> CANCELLED': 'none',
    'TO_COLLECT -> SUSPENDED': 'none',
    'TO_COLLECT -> CANCELLED': 'none',
    'TO_COLLECT -> EXPIRED': 'admins',
    'TO_COLLECT -> COLLECTED_ON_PAGE': 'recipient',
    'SUSPENDED -> TO_COLLECT': 'none',
    'SUSPENDED -> CANCELLED': 'none',
    'SUSPENDED -> EXPIRED': 'admins',
    'COLLECTED_ON_PAGE -> TRANSFER_FILE_GENERATED': 'none',
    'TRANSFER_FILE_GENERATED -> COMPLETED_SUCCESSFULLY': 'none',
    'TRANSFER_FILE_GENERATED -> RETURNED': 'none',
  };

  it('are given for exactly the transitions of the table', () => {
    const described = Object.entries(PAYOUT_TRANSITION_MESSAGES).flatMap(([from, tos]) => Object.keys(tos).map((to) => `${from} -> ${to}`));
    expect(described.sort()).toEqual(inTable().sort());
  });

  it('are none, the recipient or the admins, as written here', () => {
    const audience = (from: string, to: string) => {
      const sent = transitionMessages(from as never, to as never).map((m) => PAYOUT_MESSAGES[m]);
      return sent.length === 0 ? 'none' : sent.length === 1 ? (sent[0] === 'RECIPIENT' ? 'recipient' : 'admins') : sent.join('+');
    };
    expect(Object.fromEntries(SPECIFIED.map(([from, to]) => [`${from} -> ${to}`, audience(from, to)]))).toEqual(EXPECTED);
  });

  it('say "You have a payout" only on a move into TO_COLLECT', () => {
    for (const from of PAYOUT_STATUSES) {
      for (const to of PAYOUT_STATUSES) if (transitionMessages(from, to).includes('YOU_HAVE_A_PAYOUT')) expect(`${from} -> ${to}`).toBe('TO_APPROVE -> TO_COLLECT');
    }
  });
});
