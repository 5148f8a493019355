// `npm run validate`: tsx tools/validate.ts [--root DIR]. One line per problem on stdout, exit code 1 when there is any.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem, runValidation } from './validate/index.ts';
import { serverRoutes } from './validate/apiRoutes.ts';

const usage = 'usage: tsx tools/validate.ts [--root DIR]';

function parseRoot(args: string[]): string | undefined {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (args.length === 0) return repoRoot;
  if (args.length === 2 && args[0] === '--root') return path.resolve(args[1]);
  if (args.length === 1 && args[0].startsWith('--root=')) return path.resolve(args[0].slice('--root='.length));
  return undefined;
}

const root = parseRoot(process.argv.slice(2));
if (root === undefined) {
  console.error(usage);
  process.exitCode = 2;
} else {
  const { problems, summary } = runValidation(root, await serverRoutes());
  for (const p of problems) console.log(formatProblem(p));
  if (problems.length > 0) {
    // the count goes to stderr so that stdout holds only `file: path: problem` lines
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} found`);
    process.exitCode = 1;
  } else {
    console.log(`OK: ${summary}`);
  }
}
