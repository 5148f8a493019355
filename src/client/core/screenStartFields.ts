// The fields of a screens.json entry the panel reads before the screen itself loads: its route, access and navigation
// entry, and what its preload starts (a list's first request, a form's schema files, the account step). In the build
// the rest of each entry (columns, actions, tabs, panels, messages) is a JSON file of its own, fetched with its screen
// (tools/screens-split/plugin.ts, core/screens.ts); in development and in tests screens.json is read whole.
export const SCREEN_START_FIELDS = [
  'id',
  'route',
  'kind',
  'component',
  'title',
  'permissions',
  'userTypes',
  'nav',
  'api',
  'period',
  'defaultOrder',
  'scopeFilters',
  'record',
  'export',
  'schema',
  'uiSchema',
  'accountStep',
] as const;
