// @vitest-environment jsdom
// "ui:choices": radio buttons choose which group of fields the user fills (a payout's recipient: an existing one or a
// new one); the other group is hidden, not validated and not sent, and what was typed into it comes back.
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateAll } from '../../tools/validators/generate.ts';
import { choiceBefore, fieldsNotChosen, initialChosen, switchChoice, type Choice } from '../../src/client/renderer/form/choices.ts';

vi.mock('../../src/client/renderer/form/usePermissions.ts', () => ({ usePermissions: () => [] }));

generateAll(path.resolve(import.meta.dirname, '../..'));
const { initI18n, changeLanguage, loadLanguage } = await import('../../src/client/core/i18n.ts');
const { default: SchemaForm } = await import('../../src/client/renderer/form/SchemaForm.tsx');
const payout = (await import('../../schemas/forms/payout.json', { with: { type: 'json' } })).default;
const payoutUi = (await import('../../schemas/forms/payout.ui.json', { with: { type: 'json' } })).default;

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
});
afterEach(() => {
  cleanup();
  act(() => void changeLanguage('en'));
});

const recipientChoice: Choice = {
  id: 'recipient',
  title: 't',
  options: [
    { label: 'a', fields: ['recipientId'] },
    { label: 'b', fields: ['newRecipient'] },
  ],
};

describe('choices', () => {
  it('starts on the option holding data, else the first', () => {
    expect(initialChosen([recipientChoice], {})).toEqual({ recipient: 0 });
    expect(initialChosen([recipientChoice], { newRecipient: { phoneNumber: '+48601234567' } })).toEqual({ recipient: 1 });
    expect(initialChosen([recipientChoice], { newRecipient: { phoneNumber: '' } })).toEqual({ recipient: 0 });
    expect(fieldsNotChosen([recipientChoice], { recipient: 1 })).toEqual(['recipientId']);
  });

  it('keeps what was typed into the option left and gives it back', () => {
    const first = switchChoice(recipientChoice, 1, { amount: 10, recipientId: 7 }, {});
    expect(first).toEqual({ data: { amount: 10 }, aside: { recipientId: 7 } });
    const second = switchChoice(recipientChoice, 0, { ...first.data, newRecipient: { firstName: 'Ola' } }, first.aside);
    expect(second).toEqual({ data: { amount: 10, recipientId: 7 }, aside: { newRecipient: { firstName: 'Ola' } } });
  });

  it('places the radio buttons before the first of their fields', () => {
    expect(choiceBefore([recipientChoice], ['accountId', 'newRecipient', 'recipientId'], 'newRecipient')).toBe(recipientChoice);
    expect(choiceBefore([recipientChoice], ['accountId', 'newRecipient', 'recipientId'], 'recipientId')).toBeUndefined();
  });
});

// The payout form's own choice, with plain inputs in place of the widgets that read the API.
const ui = {
  ...payoutUi,
  recipientId: {},
  programId: {},
  amount: {},
  startDate: {},
  endDate: {},
  smsMessage: {},
  newRecipient: {},
};

describe('the payout form: an existing or a new recipient', () => {
  it('shows one group at a time and sends only the chosen one', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm schemaPath="schemas/forms/payout.json" schema={payout} uiSchema={ui} formData={{ accountId: 1, programId: 2, amount: 1000, endDate: '2030-01-01 00:00:00' }} onSubmit={onSubmit} submitLabel="Save" />);
    // Each element is found right before it is used: a re-render may replace it.
    const existing = () => screen.getByRole('radio', { name: 'An existing recipient' });
    const fresh = () => screen.getByRole('radio', { name: 'A new recipient' });
    await screen.findByRole('radio', { name: 'An existing recipient' });
    expect(screen.getByRole('group', { name: 'Pay to' })).toBeTruthy();
    expect((existing() as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Recipient' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /First name/ })).toBeNull();

    fireEvent.click(fresh());
    // The choice re-renders the form; on a busy machine that may take a moment.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Recipient' })).toBeNull());
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Ola' } });

    // Back to an existing recipient: the new one's half-typed fields neither block nor travel.
    fireEvent.click(existing());
    fireEvent.change(await screen.findByRole('textbox', { name: 'Recipient' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ accountId: 1, programId: 2, amount: 1000, endDate: '2030-01-01 00:00:00', recipientId: 5 });

    // And the text typed for the new recipient is still there when it is chosen again.
    fireEvent.click(fresh());
    expect(((await screen.findByRole('textbox', { name: /First name/ })) as HTMLInputElement).value).toBe('Ola');
  });

  it('keeps a choice made the moment the form shows', async () => {
    render(<SchemaForm schemaPath="schemas/forms/payout.json" schema={payout} uiSchema={ui} formData={{ accountId: 1 }} onSubmit={vi.fn()} submitLabel="Save" />);
    // The click lands as soon as the radio buttons are in the page, before React's work after that first render.
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        const fresh = document.querySelector<HTMLInputElement>('input[type="radio"][id$="__choice_recipient_1"]');
        if (!fresh) return;
        observer.disconnect();
        fireEvent.click(fresh);
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeTruthy();
    // Nothing after that first render takes the choice back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((screen.getByRole('radio', { name: 'A new recipient' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Recipient' })).toBeNull();
  });

  it('opens on the new recipient when the loaded data holds one', async () => {
    render(<SchemaForm schemaPath="schemas/forms/payout.json" schema={payout} uiSchema={ui} formData={{ accountId: 1, newRecipient: { phoneNumber: '+48601234567', firstName: 'Ola', lastName: 'Nowak' } }} onSubmit={vi.fn()} submitLabel="Save" />);
    expect(((await screen.findByRole('radio', { name: 'A new recipient' })) as HTMLInputElement).checked).toBe(true);
  });
});
