// The routes whose initial JavaScript `npm run bench` measures: the source modules each route
// loads before it shows (besides the entry), as they appear in the build manifest.
export const bundleRoutes: { route: string; what: string; modules: string[] }[] = [
  { route: '/panel (login)', what: 'entry + login page', modules: ['src/client/pages/login/LoginPage.tsx'] },
];
