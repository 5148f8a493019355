// Wraps ajv's standalone CommonJS output in an ES module, by text: each `require("x")` becomes a static import and
// the CommonJS body runs inside a function that receives `module`, `exports` and `require`. Nothing is evaluated
// at run time, and the bundler (and the dev server) see ordinary imports.

const REQUIRE = /\brequire\(("(?:[^"\\]|\\.)*")\)/g;

export function commonJsToEsm(code: string): string {
  const specifiers = [...new Set([...code.matchAll(REQUIRE)].map((m) => JSON.parse(m[1]) as string))];
  const imports = specifiers.map((specifier, i) => `import * as __dep${i} from ${JSON.stringify(specifier)};`);
  const table = specifiers.map((specifier, i) => `${JSON.stringify(specifier)}: __dep${i}`).join(', ');
  return [
    ...imports,
    `const __deps = { ${table} };`,
    'function __require(id) {',
    '  if (!(id in __deps)) throw new Error("Unexpected require in a generated validator: " + id);',
    '  const ns = __deps[id];',
    // An ES import of a CommonJS module: Node puts module.exports on `default`, bundlers honour __esModule.
    '  return ns.default && ns.default.__esModule ? ns.default : ns;',
    '}',
    'const __module = { exports: {} };',
    '(function (module, exports, require) {',
    code,
    '})(__module, __module.exports, __require);',
    'export default __module.exports;',
    '',
  ].join('\n');
}
