// The hand-written pages outside the screens, as chunks (core/chunk.ts): start-up code (main.ts, preload.ts) begins
// loading the first one before React is in, and the components rendering them are made from the same chunks.
import type { ComponentType } from 'react';
import { chunk } from '../core/chunk.ts';

type Page = { default: ComponentType };

export const loginPageChunk = chunk<Page>(() => import('./login/LoginPage.tsx'));
export const panelShellChunk = chunk<Page>(() => import('./shell/PanelShell.tsx'));
export const tokenExpiredPageChunk = chunk<Page>(() => import('./TokenExpiredPage.tsx'));
/** The not-found page, in the panel or outside it: only an unknown address loads it. */
export const notFoundPageChunk = chunk<{ default: ComponentType<{ inPanel?: boolean }> }>(() => import('./NotFoundPage.tsx'));
