// Limits that contradict each other (minimum above maximum, minLength above maxLength, ...) leave no value that
// passes: the form can never be sent. Only numbers are compared; a limit of another type is the meta-schema's business.
import { pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { jsonSchemaDocs, type Project } from './project.ts';
import { walkSchema } from './schemaWalk.ts';

interface Bound {
  keyword: string;
  value: number;
  exclusive: boolean;
}

function bound(node: JsonObject, keyword: string, exclusive: boolean): Bound | undefined {
  const value = node[keyword];
  return typeof value === 'number' && Number.isFinite(value) ? { keyword, value, exclusive } : undefined;
}

/** Whether no number lies between the lower and the upper bound. */
function empty(lower: Bound, upper: Bound): boolean {
  return lower.value > upper.value || (lower.value === upper.value && (lower.exclusive || upper.exclusive));
}

/** Lower and upper limits on the same thing: a value, a length, a count of items or of properties. */
const RANGES: { lower: [string, boolean][]; upper: [string, boolean][] }[] = [
  { lower: [['minimum', false], ['exclusiveMinimum', true]], upper: [['maximum', false], ['exclusiveMaximum', true]] },
  { lower: [['minLength', false]], upper: [['maxLength', false]] },
  { lower: [['minItems', false]], upper: [['maxItems', false]] },
  { lower: [['minProperties', false]], upper: [['maxProperties', false]] },
  { lower: [['minContains', false]], upper: [['maxContains', false]] },
];

export function checkBounds(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const { file, value } of jsonSchemaDocs(project)) {
    walkSchema(value, '', (node, path) => {
      for (const range of RANGES) {
        const lowers = range.lower.flatMap(([keyword, exclusive]) => bound(node, keyword, exclusive) ?? []);
        const uppers = range.upper.flatMap(([keyword, exclusive]) => bound(node, keyword, exclusive) ?? []);
        for (const lower of lowers) {
          for (const upper of uppers) {
            if (!empty(lower, upper)) continue;
            const relation = lower.value > upper.value ? 'greater than' : 'equal to';
            problems.push(problem(file, pointer(path, lower.keyword),
              `${lower.keyword} (${lower.value}) is ${relation} ${upper.keyword} (${upper.value}): no value can pass`));
          }
        }
      }
    });
  }
  return problems;
}
