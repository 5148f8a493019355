// The routes whose initial JavaScript `npm run bench` measures: the source modules each route
// loads before it shows (besides the entry), as they appear in the build manifest. The phone input of a
// form loads beside the form, not before it (renderer/widgets/LazyPhoneWidget.tsx), so it is not counted. The texts
// a first screen needs load at start-up in one file per language (tools/text-sets): each route counts the English
// one, by the rule the client itself uses, and the namespaces it loads later on its own.
import { textSetFor } from '../src/client/core/language.ts';
import { TEXT_SETS, textSetFile, type Namespace } from '../src/client/core/textSets.ts';

const PANEL_SHELL = 'src/client/pages/shell/PanelShell.tsx';
// The entry is start-up code only; it loads the app (start.tsx with React and the rest, which the build groups
// in one chunk named app: vite.config.ts) beside the first screen's chunks.
const APP = '_app';
// The table screen and the project's modules it imports are one chunk too (vite.config.ts), named TableScreen.
const TABLE = '_TableScreen';
// The maps of the schema files and validators, one chunk a schema's first user loads (core/lazyFileMaps.ts).
const LAZY_FILE_MAPS = 'src/client/core/lazyFileMaps.ts';

/** The rest of a screen's descriptor, a JSON file fetched with it (tools/screens-split/plugin.ts). */
const descriptor = (screenId: string) => `screens/${screenId}.json`;

/** The English texts a route's first screen loads at start-up (one text set), plus namespaces it loads later. */
function texts(pathname: string, hasSession: boolean, extra: Namespace[] = []): string[] {
  const set = textSetFor(pathname, hasSession);
  const inSet: readonly string[] = TEXT_SETS[set];
  return [`src/client/generated/texts/${textSetFile('en', set)}.json`, ...extra.filter((ns) => !inSet.includes(ns)).map((ns) => `locales/en/${ns}.json`)];
}

export const bundleRoutes: { route: string; what: string; modules: string[] }[] = [
  {
    route: '/panel (login)',
    what: 'entry + login page + its texts',
    modules: [APP, 'src/client/pages/login/LoginPage.tsx', ...texts('/panel', false)],
  },
  {
    route: '/panel/recipients (table)',
    what: 'entry + panel shell + table screen (no form engine, no validators) + its texts',
    modules: [APP, PANEL_SHELL, TABLE, descriptor('recipients'), ...texts('/panel/recipients', true)],
  },
  {
    route: '/panel/recipients, filters open',
    what: 'the table route + the filter schema, the form engine, the filter validator and the form texts',
    modules: [
      APP,
      PANEL_SHELL,
      TABLE,
      descriptor('recipients'),
      LAZY_FILE_MAPS,
      'schemas/filters/recipient.json',
      'src/client/renderer/form/SchemaForm.tsx',
      'src/client/generated/validators/filters-recipient.js',
      ...texts('/panel/recipients', true, ['validation', 'form']),
    ],
  },
  {
    route: '/panel/recipients/create (form)',
    what: 'entry + panel shell + form screen + its schema, ui hints, validator and texts',
    modules: [
      APP,
      PANEL_SHELL,
      'src/client/renderer/form/FormScreen.tsx',
      descriptor('recipientCreate'),
      LAZY_FILE_MAPS,
      'schemas/forms/recipient.json',
      'schemas/forms/recipient.ui.json',
      'src/client/generated/validators/forms-recipient.js',
      ...texts('/panel/recipients/create', true),
    ],
  },
  {
    route: '/panel/account-details/1 (statement)',
    what: 'the table route + the record, period bar and export button chunk (no xlsx library: that loads on export)',
    modules: [APP, PANEL_SHELL, TABLE, descriptor('accountDetails'), 'src/client/renderer/table/extras.tsx', ...texts('/panel/account-details/1', true)],
  },
  {
    route: '/panel/accounts/transfer (form with the account picker)',
    what: 'the form route for the transfer: its schema, ui hints, validator and the account picker',
    modules: [
      APP,
      PANEL_SHELL,
      'src/client/renderer/form/FormScreen.tsx',
      descriptor('accountTransfer'),
      LAZY_FILE_MAPS,
      'schemas/forms/account-transfer.json',
      'schemas/forms/account-transfer.ui.json',
      'src/client/generated/validators/forms-account-transfer.js',
      'src/client/renderer/accounts/AccountStep.tsx',
      ...texts('/panel/accounts/transfer', true),
    ],
  },
  {
    route: '/panel/dashboard (figures)',
    what: 'the dashboard with its panels and their tables, before the charts',
    modules: [APP, PANEL_SHELL, 'src/client/renderer/dashboard/DashboardScreen.tsx', descriptor('dashboard'), ...texts('/panel/dashboard', true)],
  },
  {
    route: '/panel/dashboard, charts drawn',
    what: 'the dashboard + the charts chunk (recharts), which loads beside it and only there',
    modules: [APP, PANEL_SHELL, 'src/client/renderer/dashboard/DashboardScreen.tsx', descriptor('dashboard'), 'src/client/renderer/dashboard/charts.tsx', ...texts('/panel/dashboard', true)],
  },
];
