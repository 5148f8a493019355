// Stands in for markdown-to-jsx, which RJSF imports to render markdown descriptions and help texts. Generated
// forms show descriptions as plain translated text (their own templates), so the library (about 30 KiB gzip) is
// left out of the bundle: tools/validators/plugin.ts points the import here.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
