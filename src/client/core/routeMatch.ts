// Whether an address fits a screen's route, by react-router's rules: static segments compare case-insensitively,
// `:name` takes one segment, `:name?` may be left out, a trailing `*` takes the rest, trailing slashes are ignored.
// The start-up code (main.ts, preload.ts, language.ts) matches the first address before react-router, which brings
// React, has loaded; tests/unit/router.test.tsx holds this to react-router's own matchPath for every screen.

export type RouteParams = Record<string, string | undefined>;

interface Compiled {
  regexp: RegExp;
  names: string[];
}

const compiled = new Map<string, Compiled>();

function compile(pattern: string): Compiled {
  const names: string[] = [];
  let source =
    '^' +
    pattern
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional: string | undefined) => {
        names.push(name);
        return optional ? '(?:/([^\\/]*))?' : '/([^\\/]+)';
      });
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { regexp: new RegExp(source, 'i'), names };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The decoded parameters of `pathname` when it matches `pattern` as a whole, else null. Patterns are compiled once. */
export function matchRoute(pattern: string, pathname: string): RouteParams | null {
  let route = compiled.get(pattern);
  if (!route) compiled.set(pattern, (route = compile(pattern)));
  const found = route.regexp.exec(pathname);
  if (!found) return null;
  const params: RouteParams = {};
  route.names.forEach((name, i) => {
    const value = found[i + 1];
    if (value) params[name] = decode(value);
    else if (name === '*') params[name] = '';
  });
  return params;
}
