// The collection page's entry (collect.html): recipients open it on phones, so it is its own light bundle with none
// of the panel's code, router, query cache or form engine. The page's texts and its look (template properties) are
// asked for at once, beside React, and the page renders once both are in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageAddress } from './address.ts';
import { CollectionPage } from './CollectionPage.tsx';
import { loadTemplate } from './pageApi.ts';
import { startTexts } from './texts.ts';
import '../styles.css';
import './collection.css';

const template = loadTemplate(pageAddress(window.location.pathname));
const texts = startTexts();

void Promise.all([template, texts]).then(([result]) => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <CollectionPage result={result} />
    </StrictMode>,
  );
});
