// Regular expressions in schemas (`pattern`, `patternProperties`) must compile: the server's validator refuses a
// schema with a broken one, so the route that loads it cannot be registered.
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { jsonSchemaDocs, type Project } from './project.ts';
import { walkSchema } from './schemaWalk.ts';

/** Why the expression does not compile, or undefined when it does. ajv compiles patterns with the u flag. */
function regExpError(source: string): string | undefined {
  try {
    new RegExp(source, 'u');
    return undefined;
  } catch (error) {
    // "Invalid regular expression: /(a/u: Unterminated group": the source is shown by the caller, keep the reason
    const message = error instanceof Error ? error.message : String(error);
    const reason = /: ([^:]+)$/.exec(message)?.[1] ?? message;
    return `invalid regular expression ${JSON.stringify(source)}: ${reason}`;
  }
}

export function checkPatterns(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const { file, value } of jsonSchemaDocs(project)) {
    walkSchema(value, '', (node, path) => {
      if (typeof node.pattern === 'string') {
        const error = regExpError(node.pattern);
        if (error) problems.push(problem(file, pointer(path, 'pattern'), error));
      }
      if (isObject(node.patternProperties)) {
        for (const source of Object.keys(node.patternProperties)) {
          const error = regExpError(source);
          if (error) problems.push(problem(file, pointer(path, 'patternProperties', source), error));
        }
      }
    });
  }
  return problems;
}
