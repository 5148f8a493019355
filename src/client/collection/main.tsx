// The collection page's entry (collect.html): recipients open it on phones, so it is its own light bundle with none
// of the panel's code, router, query cache or form engine. The page's texts and its look (template properties) are
// asked for at once, beside React, and the page renders once both are in. The barcode pay-in page
// (/{customerUrl}/payin) asks for its data and the texts as early, and renders from a chunk of its own.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chunk } from '../core/chunk.ts';
import { pageAddress, payinAddress } from './address.ts';
import { CollectionPage } from './CollectionPage.tsx';
import { loadTemplate } from './pageApi.ts';
import { loadPayinPage } from './payin/payinApi.ts';
import { startTexts } from './texts.ts';
import '../styles.css';
import './collection.css';

const payin = payinAddress(window.location.pathname);
const texts = startTexts();

if (payin) {
  const page = loadPayinPage(payin);
  // The chunk reloads the page once when its file is gone (a new deployment), as the panel's do.
  void chunk(() => import('./payin/start.tsx'))
    .load()
    .then((module) => module.startPayinPage(page, texts));
} else {
  const template = loadTemplate(pageAddress(window.location.pathname));

  void Promise.all([template, texts]).then(([result]) => {
    const root = document.getElementById('root');
    if (!root) return;
    createRoot(root).render(
      <StrictMode>
        <CollectionPage result={result} />
      </StrictMode>,
    );
  });
}
