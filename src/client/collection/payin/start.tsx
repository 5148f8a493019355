// The pay-in page's rendering, a chunk of the collection page's entry loaded only at /{customerUrl}/payin: the entry
// has asked for the page's data and texts already, and the page renders once both are in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PayinResult } from './payinApi.ts';
import { PayinPage } from './PayinPage.tsx';
import './payin.css';

export async function startPayinPage(page: Promise<PayinResult>, texts: Promise<void>): Promise<void> {
  const [result] = await Promise.all([page, texts]);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <PayinPage result={result} />
    </StrictMode>,
  );
}
