// @vitest-environment jsdom
// SchemaForm in a DOM with the real precompiled validators: what a user sees after a submit, what is sent,
// server errors under their fields, conditional fields, filter mode.
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateAll } from '../../tools/validators/generate.ts';

const session = vi.hoisted(() => ({ permissions: [] as string[] }));
vi.mock('../../src/client/renderer/form/usePermissions.ts', () => ({ usePermissions: () => session.permissions }));

// The build step's output is what the browser loads; generate it before the form module reads its index.
generateAll(path.resolve(import.meta.dirname, '../..'));
const { initI18n, changeLanguage, loadLanguage } = await import('../../src/client/core/i18n.ts');
const { default: SchemaForm } = await import('../../src/client/renderer/form/SchemaForm.tsx');
const { phoneWidgetChunk } = await import('../../src/client/renderer/chunks.ts');
const recipient = (await import('../../schemas/forms/recipient.json', { with: { type: 'json' } })).default;
const recipientUi = (await import('../../schemas/forms/recipient.ui.json', { with: { type: 'json' } })).default;

beforeAll(async () => {
  // Both languages' texts in, so that a language switch below is immediate.
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
  // The phone input (and the browser's phone rule) in, as the form's route preloads it.
  await phoneWidgetChunk.load();
});
afterEach(() => {
  cleanup();
  act(() => void changeLanguage('en'));
});

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('SchemaForm', () => {
  it('validates in the browser with catalogue messages and sends nothing until valid', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm schemaPath="schemas/forms/recipient.json" schema={recipient} uiSchema={recipientUi} formData={{}} onSubmit={onSubmit} submitLabel="Save" />);
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(textbox('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
    expect(screen.getAllByText('Field required')).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(textbox('First name'), { target: { value: 'Zofia' } });
    fireEvent.change(textbox('Last name'), { target: { value: 'Nowak' } });
    fireEvent.change(textbox('E-mail'), { target: { value: 'zofia@example.com' } });
    fireEvent.change(textbox('Phone number'), { target: { value: '601234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ firstName: 'Zofia', lastName: 'Nowak', email: 'zofia@example.com', phoneNumber: '+48601234567' });
  });
});

const user = (await import('../../schemas/forms/user.json', { with: { type: 'json' } })).default;
const userUi = (await import('../../schemas/forms/user.ui.json', { with: { type: 'json' } })).default;
const program = (await import('../../schemas/forms/program.json', { with: { type: 'json' } })).default;
const programUi = (await import('../../schemas/forms/program.ui.json', { with: { type: 'json' } })).default;
const recipientFilter = (await import('../../schemas/filters/recipient.json', { with: { type: 'json' } })).default;
const { filterHints } = await import('../../src/client/renderer/table/filterHints.ts');
const programFilter = (await import('../../schemas/filters/program.json', { with: { type: 'json' } })).default;

describe('SchemaForm errors', () => {
  it('shows server errors under their fields, several on separate lines, and the rest at the top', async () => {
    const serverErrors = [
      { property: 'phoneNumber', errors: [{ code: 'RECIPIENT_PHONE_TAKEN', message: 'Recipient with that phone number already exists.' }, { code: 'SOMETHING_NEW', message: 'Line one\nLine two' }] },
      { property: 'createdAt', errors: [{ code: 'INVALID_VALUE', message: 'Invalid value' }] },
    ];
    render(<SchemaForm schemaPath="schemas/forms/recipient.json" schema={recipient} uiSchema={recipientUi} formData={{ phoneNumber: '+48500100200' }} onSubmit={() => {}} submitLabel="Save" serverErrors={serverErrors} formError="Recipient not found" />);
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    const message = document.getElementById(phone.getAttribute('aria-describedby')!)!;
    expect([...message.querySelectorAll('.field-error-line')].map((line) => line.textContent)).toEqual(['Recipient with that phone number already exists.', 'Line one', 'Line two']);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Recipient not found', 'Invalid value']);

    // In Polish the known code is worded from the catalogue; the unknown one keeps the server's text.
    act(() => void changeLanguage('pl'));
    expect(message.textContent).toContain('Odbiorca z tym numerem telefonu już istnieje.');
    expect(message.textContent).toContain('Line one');

    // Editing the field clears its server errors.
    fireEvent.change(screen.getByRole('textbox', { name: 'Numer telefonu' }), { target: { value: '601234567' } });
    expect(screen.queryByText(/Odbiorca z tym numerem/)).toBeNull();
  });

  it('re-words client errors when the language changes', async () => {
    render(<SchemaForm schemaPath="schemas/forms/recipient.json" schema={recipient} uiSchema={recipientUi} formData={{}} onSubmit={() => {}} submitLabel="Save" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Field required')).toHaveLength(3);
    act(() => void changeLanguage('pl'));
    expect(screen.getAllByText('Pole wymagane')).toHaveLength(3);
  });

  it('shows the info text only while the field has no error', async () => {
    render(<SchemaForm schemaPath="schemas/forms/program.json" schema={program} uiSchema={programUi} formData={{ url: 'ok' }} onSubmit={() => {}} submitLabel="Save" serverErrors={[{ property: 'url', errors: [{ code: 'PROGRAM_URL_TAKEN', message: '' }] }]} />);
    expect(await screen.findByText('Program with that url already exists.')).toBeTruthy();
    expect(screen.queryByText(/Lower-case words joined by hyphens/)).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom URL of the collection page' }), { target: { value: 'other' } });
    expect(screen.getByText(/Lower-case words joined by hyphens/)).toBeTruthy();
  });
});

describe('SchemaForm conditional fields', () => {
  it('shows the representative kind only for a representative and hides the customer without customer.read', async () => {
    const onSubmit = vi.fn();
    session.permissions = ['user.manage'];
    render(<SchemaForm schemaPath="schemas/forms/user.json" schema={user} uiSchema={userUi} formData={{ type: 'USER', representativeKind: 'SPECIAL' }} onSubmit={onSubmit} submitLabel="Save" />);
    expect(await screen.findByRole('combobox', { name: 'Representative kind' })).toBeTruthy();
    expect(screen.queryByText('Customer')).toBeNull();
    // The password is required on create (the schema's if/then/else, checked by a precompiled sub-schema).
    expect(screen.getByText('Password').textContent).toBe('Password *');
    const type = screen.getByRole('combobox', { name: 'User type' });
    fireEvent.change(type, { target: { value: 'Admin' } });
    fireEvent.keyDown(type, { key: 'Enter' });
    expect(screen.queryByRole('combobox', { name: 'Representative kind' })).toBeNull();
  });

  it('shows the customer picker to a user holding customer.read', async () => {
    session.permissions = ['customer.read'];
    render(<SchemaForm schemaPath="schemas/forms/user.json" schema={user} uiSchema={userUi} formData={{ id: 3 }} onSubmit={() => {}} submitLabel="Save" />);
    expect(await screen.findByRole('combobox', { name: 'Customer' })).toBeTruthy();
    // On update the password is optional.
    expect(screen.getByText('Password').textContent).toBe('Password');
    session.permissions = [];
  });
});

describe('SchemaForm in filter mode', () => {
  // The hints a filter card gives (table/filterHints.ts): the date ranges' presets.
  const presetHints = filterHints([], undefined, recipientFilter as Parameters<typeof filterHints>[2]);

  it('offers any / yes / no with the entity labels, a date range with its presets and a from / to pair, and nothing required', async () => {
    const onSubmit = vi.fn();
    render(
      <SchemaForm schemaPath="schemas/filters/recipient.json" schema={recipientFilter} uiSchema={presetHints} formData={{}} onSubmit={onSubmit} submitLabel="Filter" mode="filter">
        <button type="button">Clear</button>
      </SchemaForm>,
    );
    const blocked = await screen.findByRole('combobox', { name: 'Blocked' });
    expect((blocked as HTMLInputElement).value).toBe('Any');
    fireEvent.keyDown(blocked, { key: 'ArrowDown' });
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any', 'Blocked', 'Not blocked']);
    fireEvent.click(screen.getByRole('option', { name: 'Not blocked' }));
    expect(screen.getByRole('group', { name: 'Created' })).toBeTruthy();
    // The date range offers its presets first; "Another period" opens the from / to pair.
    const period = (await screen.findByRole('combobox', { name: 'Created – Period' })) as HTMLSelectElement;
    expect([...period.options].map((o) => o.value)).toEqual(['ALL', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH', 'ANOTHER_PERIOD']);
    expect(screen.queryByRole('textbox', { name: 'Created – From' })).toBeNull();
    fireEvent.change(period, { target: { value: 'ANOTHER_PERIOD' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Created – From' }), { target: { value: '20240501' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Created – From' }));
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
    expect(document.querySelector('.field-required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ blocked: false, createdAt: { between: ['2024-05-01 12:00:00', null] } });
  });

  it('keeps a date preset as such, and shows the preset a filter holds', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm schemaPath="schemas/filters/recipient.json" schema={recipientFilter} uiSchema={presetHints} formData={{ createdAt: { preset: 'THIS_MONTH' } }} onSubmit={onSubmit} submitLabel="Filter" mode="filter" />);
    const period = (await screen.findByRole('combobox', { name: 'Created – Period' })) as HTMLSelectElement;
    expect(period.value).toBe('THIS_MONTH');
    fireEvent.change(period, { target: { value: 'LAST_7_DAYS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ createdAt: { preset: 'LAST_7_DAYS' } });
  });

  it('makes a list of values a multi-select, labelled from the ui hints', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm schemaPath="schemas/filters/program.json" schema={programFilter} uiSchema={{ budgetInterval: { 'ui:options': { labels: 'entities:enums.budgetInterval' } } }} formData={{ currency: ['EUR'] }} onSubmit={onSubmit} submitLabel="Filter" mode="filter" />);
    const interval = await screen.findByRole('combobox', { name: 'Budget interval' });
    fireEvent.click(interval);
    fireEvent.click(screen.getByRole('option', { name: 'Monthly' }));
    fireEvent.click(screen.getByRole('option', { name: 'Daily' }));
    expect(screen.getByRole('button', { name: 'Remove EUR' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ currency: ['EUR'], budgetInterval: ['MONTHLY', 'DAILY'] });
  });
});
