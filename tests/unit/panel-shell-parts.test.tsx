// @vitest-environment jsdom
// The navbar's user menu and bell, and the authorization dialog: their buttons are there at the first paint, their
// panels and dialogs open when asked, also when the click comes before their code is in.
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';

const session = vi.hoisted(() => ({ signOut: () => Promise.resolve() }));
vi.mock('../../src/client/core/session.tsx', () => ({
  useSession: () => ({
    me: { id: 7, login: 'anna', firstName: 'Anna', lastName: 'Nowak', type: 'ADMIN', permissions: [], expiresIn: new Date(Date.now() + 600_000).toISOString() },
    signOut: session.signOut,
    refetchMe: () => Promise.resolve(),
  }),
}));

const { initI18n, loadLanguage } = await import('../../src/client/core/i18n.ts');
const { createQueryClient } = await import('../../src/client/core/queryClient.ts');
const { api } = await import('../../src/client/core/api.ts');
const { AuthorizationCancelledError } = await import('../../src/client/core/apiError.ts');
const { UserMenu } = await import('../../src/client/pages/shell/UserMenu.tsx');
const { NotificationBell } = await import('../../src/client/pages/shell/NotificationBell.tsx');
const { AuthorizationHost } = await import('../../src/client/core/AuthorizationHost.tsx');

let calls: { method: string; url: URL; body?: Record<string, unknown> }[] = [];
let unread = 2;

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  calls.push({ method, url, body });
  const json = (value: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(value), { status }));
  if (url.pathname === '/api/notification') {
    const items = [
      { id: 1, kind: 'importFinished', params: { count: 12 }, title: '', read: unread === 0, createdAt: '2026-11-20T10:00:00Z' },
      { id: 2, kind: 'importFinished', params: { count: 5 }, title: '', read: unread < 2, createdAt: '2026-11-19T10:00:00Z' },
    ];
    return json({ items, unread });
  }
  if (url.pathname === '/api/notification/read') {
    unread = 0;
    return json({});
  }
  if (url.pathname === '/api/transfer') {
    if (!body?.verificationCode) return json({ authorizationRequired: true });
    if (body.verificationCode !== '123456') return json({ authorizationRequired: true });
    return json({ id: 99 });
  }
  return json({}, 404);
}

function show(...children: ReturnType<typeof createElement>[]) {
  render(createElement(QueryClientProvider, { client: createQueryClient() }, ...children));
}

beforeAll(async () => {
  await initI18n();
  await loadLanguage('en');
});

beforeEach(() => {
  calls = [];
  unread = 2;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user menu', () => {
  // First in the file: the menu's code is not in yet when the button is pressed.
  it('shows its button at once, and a press before the menu is in opens the menu when it is', async () => {
    show(createElement(UserMenu));
    const button = screen.getByRole('button', { name: 'Anna Nowak' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // The panel's place is there from the start: the button's aria-controls names an element.
    expect(document.getElementById(button.getAttribute('aria-controls')!)).not.toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'My profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByText('Session ends in')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on Escape with the focus back on its button, and on a press outside', async () => {
    show(createElement(UserMenu), createElement('p', null, 'outside'));
    const button = screen.getByRole('button', { name: 'Anna Nowak' });
    fireEvent.click(button);
    const item = await screen.findByRole('button', { name: 'My profile' });
    item.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('button', { name: 'My profile' })).toBeNull();

    fireEvent.click(button);
    await screen.findByRole('button', { name: 'My profile' });
    fireEvent.pointerDown(screen.getByText('outside'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'My profile' })).toBeNull());
  });

  it('signs out', async () => {
    const signOut = vi.fn(() => Promise.resolve());
    session.signOut = signOut;
    show(createElement(UserMenu));
    fireEvent.click(screen.getByRole('button', { name: 'Anna Nowak' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe('notification bell', () => {
  it('shows the unread count, lists the notifications in its drawer and marks them all read', async () => {
    show(createElement(NotificationBell));
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(drawer.textContent).toContain('Import finished: 12 rows created');
    expect(drawer.textContent).toContain('Import finished: 5 rows created');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/notification/read')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });
});

describe('authorization dialog', () => {
  it('asks for the code when a write needs it, keeps a wrong code on the field, and repeats the request with the right one', async () => {
    show(createElement(AuthorizationHost));
    let answer: unknown;
    const sent = api.post('/transfer', { amount: 5 }).then((value) => (answer = value));
    const dialog = await screen.findByRole('dialog', { name: 'Authorization' });
    const field = screen.getByLabelText(/Verification code/);
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.isConnected).toBe(true);

    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await act(() => sent);
    expect(answer).toEqual({ id: 99 });
    expect(calls.filter((call) => call.url.pathname === '/api/transfer').map((call) => call.body)).toEqual([
      { amount: 5 },
      { amount: 5, verificationCode: '111111' },
      { amount: 5, verificationCode: '123456' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Authorization' })).toBeNull());
  });

  it('cancelling rejects the request as cancelled', async () => {
    show(createElement(AuthorizationHost));
    const sent = api.post('/transfer', { amount: 5 }).catch((error: unknown) => error);
    await screen.findByRole('dialog', { name: 'Authorization' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await sent).toBeInstanceOf(AuthorizationCancelledError);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Authorization' })).toBeNull());
  });
});
