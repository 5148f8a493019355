export {};
// Testing Library waits one second by default for findBy… and waitFor. A big form re-rendering in jsdom beside the
// other test lane on a 2-core machine took longer than that, so a passing test failed; a longer wait costs nothing
// when the page is ready and only delays a real failure.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15000 });
}
