// Checks the configuration product owners edit (screens.json, schemas/ with the API's examples, locales/) before CI
// lets it through.
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { checkBounds } from './checkBounds.ts';
import { checkMoney } from './checkMoney.ts';
import { checkCompile, checkFormatsAndKeywords, checkMetaSchemas, checkRefs } from './checkSchemas.ts';
import { checkI18nKeys, checkLocaleParity, checkLocaleShape } from './checkI18n.ts';
import { checkValidationMessages } from './checkMessages.ts';
import { checkPatterns } from './checkPatterns.ts';
import { checkPermissionMatrix, checkPermissionsHeld, checkScreenPermissions, checkUserTypes } from './checkPermissions.ts';
import { checkColumnFields, checkComponents, checkDescriptorFields, checkFilterFields, checkReferencedFiles, checkUiSchemaProperties, checkWidgets } from './checkReferences.ts';
import { checkRequired } from './checkRequired.ts';
import { checkRuleInputs } from './checkRuleInputs.ts';
import { checkDeclaredValues } from './checkDeclaredValues.ts';
import { checkScreenFields } from './checkScreenFields.ts';
import { checkChangesColumns } from './checkChangesColumns.ts';
import { checkBrowserFormats } from './checkBrowserFormats.ts';
import { checkRouteTargets } from './checkRouteTargets.ts';
import { checkActions, checkDashboardPanels, checkScreensAgainstSchema, checkUniqueScreens } from './checkScreens.ts';
import { checkApiCalls } from './checkApiCalls.ts';
import { checkApiExamples, checkApiExamplesForm, type ApiKeyRoute } from './checkApiExamples.ts';
import { checkDefaultOrder } from './checkDefaultOrder.ts';
import { checkFilterIndexes } from './checkFilterIndexes.ts';
import { checkDatePresets } from './checkDatePresets.ts';
import type { ServerLists } from './serverLists.ts';
import { checkImports } from './checkImports.ts';
import { checkConstantSets } from './checkConstantSets.ts';
import { formatProblem, type Problem } from './problem.ts';
import { isJsonSchemaFile, loadProject, screensOf, type Project } from './project.ts';

export type { Problem } from './problem.ts';
export { formatProblem } from './problem.ts';
export type { ApiKeyRoute } from './checkApiExamples.ts';
export { checkRoutePermissions } from './checkPermissions.ts';
/** Asynchronous (the generator formats its output so), hence run by tools/validate.ts after checkConfiguration. */
export { checkGenerated } from './checkGenerated.ts';

interface ValidationResult {
  problems: Problem[];
  /** What was looked at, for the OK line. */
  summary: string;
}

export interface ConfigurationResult extends ValidationResult {
  /** What was loaded, for the API-call check that may follow. */
  project: Project;
}

function schemaProblems(project: Project): Problem[] {
  const found = [
    ...checkMetaSchemas(project),
    ...checkRefs(project),
    ...checkPatterns(project),
    ...checkRequired(project),
    ...checkBounds(project),
    ...checkMoney(project),
  ];
  const ajv = createAjv();
  found.push(...checkFormatsAndKeywords(project, ajv), ...checkBrowserFormats(project, ajv.formats));
  // a compile stops at its first error: compile only what the checks above found nothing wrong with
  const reported = new Set(found.map((p) => p.file));
  found.push(...checkCompile(project, ajv, reported));
  return found;
}

/** One line per problem, grouped by file in the order the checks found them within a file. */
function tidy(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const line = formatProblem(p);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
  return unique.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function summaryOf(project: Project): string {
  const schemas = [...project.schemaFiles.keys()].filter(isJsonSchemaFile).length;
  const namespaces = new Set([...project.locales.values()].flatMap((ns) => [...ns.keys()])).size;
  const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return [
    count(screensOf(project).length, 'screen'),
    count(schemas, 'schema'),
    `${count(project.locales.size, 'language')} x ${count(namespaces, 'namespace')}`,
  ].join(', ');
}

/** Everything that needs no running code of the server: the files, read and checked on their own. */
export function checkConfiguration(root: string): ConfigurationResult {
  const { project, problems } = loadProject(root);
  problems.push(
    ...schemaProblems(project),
    ...checkScreensAgainstSchema(project),
    ...checkUniqueScreens(project),
    ...checkActions(project),
    ...checkDashboardPanels(project),
    ...checkRouteTargets(project),
    ...checkPermissionMatrix(project),
    ...checkScreenPermissions(project),
    ...checkPermissionsHeld(project),
    ...checkUserTypes(project),
    ...checkReferencedFiles(project),
    ...checkColumnFields(project),
    ...checkFilterFields(project),
    ...checkDatePresets(project),
    ...checkDescriptorFields(project),
    ...checkUiSchemaProperties(project),
    ...checkWidgets(project),
    ...checkDeclaredValues(project),
    ...checkRuleInputs(project),
    ...checkScreenFields(project),
    ...checkChangesColumns(project),
    ...checkComponents(project),
    ...checkLocaleShape(project),
    ...checkI18nKeys(project),
    ...checkLocaleParity(project),
    ...checkValidationMessages(project),
    ...checkImports(project),
    ...checkConstantSets(project),
    ...checkApiExamplesForm(project),
  );
  return { project, problems: tidy(problems), summary: summaryOf(project) };
}

/**
 * The API calls screens.json names, against the server's routes (see apiRoutes.ts); with the routes an API key can
 * call, the API's examples too; with its lists and indexes, the screens' default orders and the filters' indexes.
 */
export function checkServerCalls(project: Project, routes: Set<string>, apiKeyRoutes?: readonly ApiKeyRoute[], lists?: ServerLists): Problem[] {
  return tidy([
    ...checkApiCalls(project, routes),
    ...(apiKeyRoutes ? checkApiExamples(project, routes, apiKeyRoutes) : []),
    ...(lists ? [...checkDefaultOrder(project, lists.lists), ...checkFilterIndexes(project, lists.lists, lists.indexes)] : []),
  ]);
}

/**
 * `routes`: the server's API (see apiRoutes.ts); without it, API calls are not checked, nor without `apiKeyRoutes` the
 * examples, nor without `lists` the default orders and the filters' indexes.
 */
function runValidation(root: string, routes?: Set<string>, apiKeyRoutes?: readonly ApiKeyRoute[], lists?: ServerLists): ValidationResult {
  const { project, problems, summary } = checkConfiguration(root);
  return { problems: tidy([...problems, ...(routes ? checkServerCalls(project, routes, apiKeyRoutes, lists) : [])]), summary };
}

export function validate(root: string, routes?: Set<string>, apiKeyRoutes?: readonly ApiKeyRoute[], lists?: ServerLists): Problem[] {
  return runValidation(root, routes, apiKeyRoutes, lists).problems;
}
