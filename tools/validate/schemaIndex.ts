// Resolves $ref between the files of schemas/ the way a validator does: relative to the file (or to its $id when
// that is an absolute URI), then the fragment as a JSON pointer or a plain-name anchor.
import { isObject, valueAt } from './problem.ts';
import { walkSchema } from './schemaWalk.ts';

export interface SchemaDoc {
  file: string;
  value: unknown;
}

export type Resolution = { ok: true; doc: SchemaDoc; node: unknown } | { ok: false; reason: string };

/** Meta-schemas a schema may refer to without a file in schemas/. */
const META_SCHEMAS = new Set([
  'http://json-schema.org/draft-07/schema',
  'http://json-schema.org/draft-06/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'https://json-schema.org/draft/2020-12/schema',
]);

/** The URI under which a file is known when it has no absolute $id. */
export function fileUri(file: string): string {
  return `file:///${file}`;
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}

function absoluteId(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$id !== 'string') return undefined;
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value.$id) ? withoutFragment(value.$id) : undefined;
}

export class SchemaIndex {
  private readonly byUri = new Map<string, SchemaDoc>();

  /** docs: the parsed schemas; unparsed: files that exist but did not parse (their problem is reported elsewhere). */
  constructor(docs: SchemaDoc[], private readonly unparsed: ReadonlySet<string> = new Set()) {
    for (const doc of docs) this.byUri.set(fileUri(doc.file), doc);
    for (const doc of docs) {
      const id = absoluteId(doc.value);
      if (id && !this.byUri.has(id)) this.byUri.set(id, doc);
    }
  }

  baseUri(doc: SchemaDoc): string {
    return absoluteId(doc.value) ?? fileUri(doc.file);
  }

  resolve(doc: SchemaDoc, ref: string): Resolution {
    let target: URL;
    try {
      target = new URL(ref, this.baseUri(doc));
    } catch {
      return { ok: false, reason: 'is not a valid URI reference' };
    }
    const hash = ref.indexOf('#');
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    target.hash = '';
    const uri = target.href;

    const targetDoc = this.byUri.get(uri);
    if (!targetDoc) {
      if (META_SCHEMAS.has(uri)) return { ok: true, doc, node: true };
      if (target.protocol === 'file:') {
        const file = decodeURIComponent(target.pathname.slice(1));
        if (this.unparsed.has(file)) return { ok: true, doc, node: true };
        return { ok: false, reason: `${file} does not exist` };
      }
      return { ok: false, reason: `no schema in schemas/ has the $id ${uri}` };
    }
    return this.resolveFragment(targetDoc, fragment);
  }

  private resolveFragment(doc: SchemaDoc, rawFragment: string): Resolution {
    let fragment: string;
    try {
      fragment = decodeURIComponent(rawFragment);
    } catch {
      return { ok: false, reason: 'has a badly escaped fragment' };
    }
    if (fragment === '' || fragment.startsWith('/')) {
      const found = valueAt(doc.value, fragment);
      return found ? { ok: true, doc, node: found.value } : { ok: false, reason: `${doc.file} has nothing at ${fragment}` };
    }
    let node: unknown;
    walkSchema(doc.value, '', (candidate) => {
      if (node === undefined && (candidate.$id === `#${fragment}` || candidate.$anchor === fragment)) node = candidate;
    });
    return node === undefined
      ? { ok: false, reason: `${doc.file} has no anchor "${fragment}"` }
      : { ok: true, doc, node };
  }
}
