// `npm run generate`: writes the TypeScript types generated from the JSON Schemas (tools/generated-types/generate.ts);
// `npm run validate` reports a generated file that differs from what this would write.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTypes } from './generated-types/generate.ts';
import { listFiles, readJson } from './validate/files.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaPaths = listFiles(root, 'schemas', '.json');
const schemaFiles = new Map<string, unknown>();
for (const file of schemaPaths) {
  const read = readJson(root, file);
  if (read.ok) schemaFiles.set(file, read.value);
}

let failed = false;
for (const generated of await generateTypes(schemaFiles, schemaPaths)) {
  if (!generated.result.ok) {
    console.error(`${generated.file}: not generated: ${generated.result.reason}`);
    failed = true;
    continue;
  }
  const target = path.join(root, generated.file);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
  if (current === generated.result.text) continue;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, generated.result.text);
  console.log(`wrote ${generated.file}`);
}
if (failed) process.exitCode = 1;
