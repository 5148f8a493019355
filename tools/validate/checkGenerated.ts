// The TypeScript types generated from the schemas (`npm run generate`) against a regeneration in memory: a file that
// differs is stale. A file made of a schema that has a problem of its own is left until that is fixed (the problem is
// reported already, and the file could not be regenerated from it). A copy of the configuration alone (no
// package.json beside it) has no code to compare.
import fs from 'node:fs';
import path from 'node:path';
import { generateTypes } from '../generated-types/generate.ts';
import { problem, type Problem } from './problem.ts';
import type { Project } from './project.ts';

export async function checkGenerated(project: Project, reported: readonly Problem[]): Promise<Problem[]> {
  if (!fs.existsSync(path.join(project.root, 'package.json'))) return [];
  const broken = new Set(reported.map((p) => p.file));
  const problems: Problem[] = [];
  for (const generated of await generateTypes(project.schemaFiles, project.schemaPaths)) {
    if (generated.sources.some((file) => broken.has(file))) continue;
    if (!generated.result.ok) {
      problems.push(problem(generated.file, '', `cannot be generated: ${generated.result.reason}`));
      continue;
    }
    const target = path.join(project.root, generated.file);
    if (!fs.existsSync(target)) problems.push(problem(generated.file, '', 'missing: run npm run generate'));
    else if (fs.readFileSync(target, 'utf8') !== generated.result.text) problems.push(problem(generated.file, '', 'stale: run npm run generate'));
  }
  return problems;
}
