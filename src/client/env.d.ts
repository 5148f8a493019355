// Build-time values vite.config.ts defines for the client.
interface ImportMetaEnv {
  /** The API's origin for a panel served apart from it (API_BASE_URL at build); empty or unset: the page's own. */
  readonly API_BASE_URL?: string;
}
