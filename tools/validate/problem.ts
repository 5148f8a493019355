// One mistake in the configuration, located by file (relative to the checked root) and JSON pointer.
export interface Problem {
  file: string;
  /** JSON pointer into the file; "" is the whole file. */
  path: string;
  message: string;
}

export function problem(file: string, path: string, message: string): Problem {
  return { file, path, message };
}

const WARNING = 'warning: ';

/**
 * A line worth reading that is no mistake (e.g. a filter no index serves): printed as a problem is, its message
 * starting "warning: ", but it does not fail the run (tools/validate.ts).
 */
export function warning(file: string, path: string, message: string): Problem {
  return { file, path, message: WARNING + message };
}

export function isWarning(p: Problem): boolean {
  return p.message.startsWith(WARNING);
}

/** `file: path: problem`; the whole file is shown as "/" so every line has three parts. */
export function formatProblem(p: Problem): string {
  return `${p.file}: ${p.path === '' ? '/' : p.path}: ${p.message}`;
}

function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(base: string, ...segments: (string | number)[]): string {
  return base + segments.map((s) => '/' + escapeSegment(s)).join('');
}

function parsePointer(ptr: string): string[] | undefined {
  if (ptr === '') return [];
  if (!ptr.startsWith('/')) return undefined;
  return ptr
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value a pointer designates, or undefined when it designates nothing. */
export function valueAt(doc: unknown, ptr: string): { value: unknown } | undefined {
  const segments = parsePointer(ptr);
  if (!segments) return undefined;
  let current: unknown = doc;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment) || Number(segment) >= current.length) return undefined;
      current = current[Number(segment)];
    } else if (isObject(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return { value: current };
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
