// The routes whose initial JavaScript `npm run bench` measures: the source modules each route
// loads before it shows (besides the entry), as they appear in the build manifest. The phone input of a
// form loads beside the form, not before it (renderer/widgets/LazyPhoneWidget.tsx), so it is not counted. The texts are
// chunks of their own (one per language and namespace) that start-up loads before the first render:
// each route counts the English ones its first screen needs, by the rule the client itself uses.
import { namespacesFor } from '../src/client/core/language.ts';

const PANEL_SHELL = 'src/client/pages/shell/PanelShell.tsx';
// The entry is start-up code only; it loads the app (React and the rest) beside the first screen's chunks.
const APP = 'src/client/start.tsx';

function texts(pathname: string, hasSession: boolean, extra: string[] = []): string[] {
  const namespaces = new Set<string>([...namespacesFor(pathname, hasSession), ...extra]);
  return [...namespaces].map((ns) => `locales/en/${ns}.json`);
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
    modules: [APP, PANEL_SHELL, 'src/client/renderer/table/TableScreen.tsx', ...texts('/panel/recipients', true)],
  },
  {
    route: '/panel/recipients, filters open',
    what: 'the table route + the filter schema, the form engine, the filter validator and the form texts',
    modules: [
      APP,
      PANEL_SHELL,
      'src/client/renderer/table/TableScreen.tsx',
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
      'schemas/forms/recipient.json',
      'schemas/forms/recipient.ui.json',
      'src/client/generated/validators/forms-recipient.js',
      ...texts('/panel/recipients/create', true),
    ],
  },
];
