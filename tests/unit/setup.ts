export {};
// Testing Library waits one second by default for findBy… and waitFor. A big form re-rendering in jsdom beside the
// other test lane on a 2-core machine took longer than that, so a passing test failed; a longer wait costs nothing
// when the page is ready and only delays a real failure.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15000 });
  // Components read the panel's texts through react-i18next, as start.tsx sets it up in the browser; a namespace a
  // component names loads when it renders (the tests' locale files are the bundler's lazy modules, as in the app).
  const [{ initReactI18next }, { i18n }] = await Promise.all([import('react-i18next'), import('../../src/client/core/i18n.ts')]);
  initReactI18next.init(i18n);
  // jsdom's <dialog> lacks the modal methods: a dialog opens and closes by its open attribute.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
