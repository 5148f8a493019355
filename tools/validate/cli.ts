// The command `npm run validate` runs (tools/validate.ts), as a function of its arguments and its output, so that
// its tests can run it in-process on a copy of the configuration. The server whose routes it checks is this
// repository's; a copy's own server needs the command run in the copy (`tsx tools/validate.ts` there).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfiguration, checkGenerated, checkRoutePermissions, checkServerCalls, formatProblem, type Problem } from './index.ts';
import { loadServerRoutes } from './loadServerRoutes.ts';
import { isWarning, problem } from './problem.ts';

const usage = 'usage: tsx tools/validate.ts [--root DIR]';

/** Where the command writes: stdout holds only problems (and the OK line), stderr the rest. */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

function parseRoot(args: string[]): string | undefined {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  if (args.length === 0) return repoRoot;
  if (args.length === 2 && args[0] === '--root') return path.resolve(args[1]);
  if (args.length === 1 && args[0].startsWith('--root=')) return path.resolve(args[0].slice('--root='.length));
  return undefined;
}

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Runs the checks named by `args`, prints the report to `out` and answers the exit code (0, 1 or 2). */
export async function runValidate(args: string[], out: CliOutput): Promise<number> {
  const print = (problems: Problem[]) => problems.forEach((p) => out.log(formatProblem(p)));
  const root = parseRoot(args);
  if (root === undefined) {
    out.error(usage);
    return 2;
  }
  const { project, problems, summary } = checkConfiguration(root);
  problems.push(...(await checkGenerated(project, problems)));
  print(problems);
  const server = await loadServerRoutes();
  let apiProblems: Problem[];
  if (server.ok) {
    apiProblems = [...checkServerCalls(project, server.routes, server.apiKeyRoutes, server), ...checkRoutePermissions(project, server.routePermissions)];
  } else if (problems.length > 0) {
    // the reason is one of the problems above; the routes cannot be listed until it is fixed (on stderr, so that
    // stdout holds only problems)
    apiProblems = [];
    out.error(`API calls not checked: the server cannot be built with this configuration (${server.reason})`);
  } else {
    apiProblems = [problem('src/server/app.ts', '', `the server cannot be built, so API calls are not checked: ${server.reason}`)];
  }
  print(apiProblems);
  const all = [...problems, ...apiProblems];
  const warnings = all.filter(isWarning).length;
  if (all.length - warnings > 0) {
    // the count goes to stderr so that stdout holds only `file: path: problem` lines
    out.error(`${plural(all.length, 'problem')} found${warnings > 0 ? ` (${warnings} of them ${warnings === 1 ? 'a warning' : 'warnings'})` : ''}`);
    return 1;
  }
  out.log(`OK: ${summary}${warnings > 0 ? `; ${plural(warnings, 'warning')}` : ''}`);
  return 0;
}
