// `npm run validate`: tsx tools/validate.ts [--root DIR]. One line per problem on stdout, exit code 1 when there is any.
// Warnings (lines whose problem starts "warning: ", e.g. a filter no index serves) are printed the same way but do not
// fail the run: the OK line then counts them.
// The configuration is checked on its own first and reported; only then is the server built to check the API calls
// screens.json names, since a broken schema stops the server (and is already in the report by then).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfiguration, checkGenerated, checkRoutePermissions, checkServerCalls, formatProblem, type Problem } from './validate/index.ts';
import { loadServerRoutes } from './validate/loadServerRoutes.ts';
import { isWarning, problem } from './validate/problem.ts';

const usage = 'usage: tsx tools/validate.ts [--root DIR]';

function parseRoot(args: string[]): string | undefined {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (args.length === 0) return repoRoot;
  if (args.length === 2 && args[0] === '--root') return path.resolve(args[1]);
  if (args.length === 1 && args[0].startsWith('--root=')) return path.resolve(args[0].slice('--root='.length));
  return undefined;
}

function print(problems: Problem[]): void {
  for (const p of problems) console.log(formatProblem(p));
}

const root = parseRoot(process.argv.slice(2));
if (root === undefined) {
  console.error(usage);
  process.exitCode = 2;
} else {
  const { project, problems, summary } = checkConfiguration(root);
  problems.push(...(await checkGenerated(project, problems)));
  print(problems);
  const server = await loadServerRoutes();
  let apiProblems: Problem[];
  if (server.ok) {
    apiProblems = [...checkServerCalls(project, server.routes, server.apiKeyRoutes, server), ...checkRoutePermissions(project, server.routePermissions)];
    // on stderr, so that stdout holds only problems (and the OK line)
  }
  else if (problems.length > 0) {
    // the reason is one of the problems above; the routes cannot be listed until it is fixed
    apiProblems = [];
    console.error(`API calls not checked: the server cannot be built with this configuration (${server.reason})`);
  } else {
    apiProblems = [problem('src/server/app.ts', '', `the server cannot be built, so API calls are not checked: ${server.reason}`)];
  }
  print(apiProblems);
  const all = [...problems, ...apiProblems];
  const warnings = all.filter(isWarning).length;
  const count = all.length - warnings;
  const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  if (count > 0) {
    // the count goes to stderr so that stdout holds only `file: path: problem` lines
    console.error(`${plural(all.length, 'problem')} found${warnings > 0 ? ` (${warnings} of them ${warnings === 1 ? 'a warning' : 'warnings'})` : ''}`);
    process.exitCode = 1;
  } else {
    console.log(`OK: ${summary}${warnings > 0 ? `; ${plural(warnings, 'warning')}` : ''}`);
  }
}
