// Where the build put the rest of each screen's descriptor (what SCREEN_START_FIELDS leaves out), as
// `<folder><screen id>.json`: tools/screens-split/plugin.ts writes this module and leaves only the start-up fields
// in screens.json, so the entry carries about 1.5 KiB of it rather than 6. In development and in tests screens.json
// is whole and there is nothing to fetch ('').
export const DESCRIPTORS_FOLDER: string = '';
