// The routes whose initial JavaScript `npm run bench` measures: the source modules each route
// loads before it shows (besides the entry), as they appear in the build manifest.
const PANEL_SHELL = 'src/client/pages/shell/PanelShell.tsx';

export const bundleRoutes: { route: string; what: string; modules: string[] }[] = [
  { route: '/panel (login)', what: 'entry + login page', modules: ['src/client/pages/login/LoginPage.tsx'] },
  {
    route: '/panel/recipients (table)',
    what: 'entry + panel shell + table screen (no form engine, no validators)',
    modules: [PANEL_SHELL, 'src/client/renderer/table/TableScreen.tsx'],
  },
  {
    route: '/panel/recipients, filters open',
    what: 'the table route + the filter schema, the form engine and the filter validator',
    modules: [
      PANEL_SHELL,
      'src/client/renderer/table/TableScreen.tsx',
      'schemas/filters/recipient.json',
      'src/client/renderer/form/SchemaForm.tsx',
      'src/client/generated/validators/filters-recipient.js',
    ],
  },
  {
    route: '/panel/recipients/create (form)',
    what: 'entry + panel shell + form screen + its schema, ui hints and validator',
    modules: [
      PANEL_SHELL,
      'src/client/renderer/form/FormScreen.tsx',
      'schemas/forms/recipient.json',
      'schemas/forms/recipient.ui.json',
      'src/client/generated/validators/forms-recipient.js',
    ],
  },
];
