// What a table's row and page actions open once asked: the confirm flow of an api action and a row's actions menu.
// One chunk (lazyParts.ts), fetched after the first paint of a table with actions, so that neither waits for a click.
export { ActionDialog } from './ActionDialog.tsx';
export { RowMenu } from './RowMenu.tsx';
