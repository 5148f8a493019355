// A client build with its chunk list, for the tests that read what the build made: `npm test` hands over the build
// its browser tests ran on (CLIENT_BUILD_DIR, made with --manifest); alone, a test file makes its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface ClientBuild {
  dir: string;
  manifest: Record<string, Chunk>;
  /** Removes a build the test made; the handed-over one stays. */
  dispose(): void;
}

export function clientBuild(root: string): ClientBuild {
  const given = process.env.CLIENT_BUILD_DIR;
  if (given && existsSync(path.join(given, '.vite/manifest.json'))) {
    return { dir: given, manifest: JSON.parse(readFileSync(path.join(given, '.vite/manifest.json'), 'utf8')), dispose: () => {} };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'payout-client-build-'));
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--manifest', '--outDir', dir, '--emptyOutDir'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`client build failed:\n${build.stdout}\n${build.stderr}`);
  return {
    dir,
    manifest: JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
