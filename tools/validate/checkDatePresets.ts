// The date presets a filter schema declares (src/shared/datePresets.ts): a date range offers "Last 7 days" and the
// other relative choices by listing them in the enum of its `preset` property; the filter card offers those with
// "All" and "Another period", and the server turns each into its days. A preset belongs to a date range only, names
// a relative choice only, and a table's period (the statement's bar, which offers every relative choice) declares
// them all.
import { RELATIVE_PRESETS } from '../../src/shared/datePresets.ts';
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { isUiSchemaFile, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';

const FILTERS_DIR = 'schemas/filters/';
const DATE_FORMATS = ['dateTime', 'date-time'];

/** Whether a filter property is a range of dates: its `between` bounds are date-times (wall-clock or ISO). */
function isDateRange(property: JsonObject): boolean {
  const properties = isObject(property.properties) ? property.properties : {};
  const between = isObject(properties.between) ? properties.between : undefined;
  const items = between && isObject(between.items) ? between.items : undefined;
  return property.type === 'object' && typeof items?.format === 'string' && DATE_FORMATS.includes(items.format);
}

/** The presets a filter property declares, or undefined when it declares none. */
function presetNode(property: unknown): JsonObject | undefined {
  if (!isObject(property) || !isObject(property.properties)) return undefined;
  const preset = property.properties.preset;
  return isObject(preset) ? preset : undefined;
}

function declaredProblems(file: string, name: string, property: JsonObject, preset: JsonObject): Problem[] {
  const at = pointer('', 'properties', name, 'properties', 'preset');
  if (!isDateRange(property)) return [problem(file, at, 'a date preset belongs to a date range: a "between" of dateTime or date-time bounds')];
  if (preset.type !== 'string' || !Array.isArray(preset.enum) || preset.enum.length === 0) {
    return [problem(file, at, `needs "type": "string" and an "enum" of the presets offered (${RELATIVE_PRESETS.join(', ')})`)];
  }
  const problems: Problem[] = [];
  preset.enum.forEach((value, i) => {
    if (!(RELATIVE_PRESETS as readonly unknown[]).includes(value)) {
      problems.push(problem(file, pointer(at, 'enum', i), `"${String(value)}" is not a preset a filter holds (${RELATIVE_PRESETS.join(', ')}); "All" and "Another period" are offered without it`));
    }
  });
  return problems;
}

export function checkDatePresets(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const [file, doc] of project.schemaFiles) {
    if (!file.startsWith(FILTERS_DIR) || isUiSchemaFile(file) || !isObject(doc) || !isObject(doc.properties)) continue;
    for (const [name, property] of Object.entries(doc.properties)) {
      const preset = presetNode(property);
      if (preset && isObject(property)) problems.push(...declaredProblems(file, name, property, preset));
    }
  }
  // The period bar offers every relative preset: the period's range takes them all.
  for (const { value: screen, path } of screensOf(project)) {
    const period = isObject(screen.period) ? screen.period : undefined;
    const field = period ? stringAt(period, 'field') : undefined;
    const filterFile = stringAt(screen, 'filterSchema');
    const filters = filterFile ? project.schemaFiles.get(filterFile) : undefined;
    if (!field || !isObject(filters) || !isObject(filters.properties) || !isObject(filters.properties[field])) continue;
    const offered = presetNode(filters.properties[field])?.enum;
    const missing = RELATIVE_PRESETS.filter((preset) => !Array.isArray(offered) || !offered.includes(preset));
    if (missing.length) {
      problems.push(problem(SCREENS_FILE, pointer(path, 'period'), `the period bar offers every date preset, but ${filterFile} /properties/${field}/properties/preset does not list ${missing.join(', ')}`));
    }
  }
  return problems;
}
