// screens.json in two parts in the build (tools/screens-split/plugin.ts): the entry keeps each screen's start-up
// fields, the rest of each entry is a JSON file the panel fetches with its screen (core/screens.ts, completeScreen).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCREEN_START_FIELDS } from '../../src/client/core/screenStartFields.ts';
import { DESCRIPTORS_PREFIX, splitScreen } from '../../tools/screens-split/plugin.ts';
import { clientBuild, type ClientBuild } from './client-build.ts';

const root = path.resolve(import.meta.dirname, '../..');
const screensFile = JSON.parse(readFileSync(path.join(root, 'screens.json'), 'utf8')) as { screens: (Record<string, unknown> & { id: string })[] };

describe('splitting an entry', () => {
  it('keeps the start-up fields in the entry and the rest apart, losing and repeating nothing', () => {
    for (const entry of screensFile.screens) {
      const { start, rest } = splitScreen(entry);
      expect(Object.keys(start).every((key) => (SCREEN_START_FIELDS as readonly string[]).includes(key)), entry.id).toBe(true);
      expect(Object.keys(rest).some((key) => Object.hasOwn(start, key)), entry.id).toBe(false);
      expect({ ...start, ...rest }, entry.id).toEqual(entry);
    }
  });

  it('leaves in the start-up part what a list needs for its first request and a form for its files', () => {
    const recipients = splitScreen(screensFile.screens.find((entry) => entry.id === 'recipients')!);
    expect(recipients.start).toMatchObject({ route: '/panel/recipients', kind: 'table', api: { list: expect.any(String) } });
    expect(recipients.rest).toHaveProperty('columns');
    const create = splitScreen(screensFile.screens.find((entry) => entry.id === 'recipientCreate')!);
    expect(create.start).toMatchObject({ schema: expect.stringMatching(/^schemas\/forms\//), uiSchema: expect.any(String) });
  });
});

describe('completing a screen in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('../../src/client/core/screenDescriptors.ts');
    vi.resetModules();
  });

  it('fetches the rest of its descriptor once, from the folder the build names, and merges it into the screen', async () => {
    vi.resetModules();
    vi.doMock('../../src/client/core/screenDescriptors.ts', () => ({ DESCRIPTORS_FOLDER: '/assets/screens-abc/' }));
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new Response(JSON.stringify({ columns: [{ key: 'name' }] }), { headers: { 'Content-Type': 'application/json' } });
    });
    const { completeScreen, isComplete } = await import('../../src/client/core/screens.ts');
    const screen = { id: 'recipients', route: '/panel/recipients', kind: 'table' as const, title: 't', permissions: [] };
    expect(isComplete(screen)).toBe(false);
    const first = completeScreen(screen);
    expect(completeScreen(screen)).toBe(first);
    await first;
    expect(isComplete(screen)).toBe(true);
    expect(screen).toMatchObject({ route: '/panel/recipients', columns: [{ key: 'name' }] });
    await completeScreen(screen);
    expect(requests).toEqual(['/assets/screens-abc/recipients.json']);
  });

  it('has nothing to fetch where screens.json is whole (development, tests)', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      return new Response('{}');
    });
    const { completeScreen, isComplete, SCREENS } = await import('../../src/client/core/screens.ts');
    const recipients = SCREENS.find((screen) => screen.id === 'recipients')!;
    expect(isComplete(recipients)).toBe(true);
    await completeScreen(recipients);
    expect(requests).toEqual([]);
    expect(recipients).toHaveProperty('columns');
  });
});

describe('the build', () => {
  let build: ClientBuild;
  beforeAll(() => {
    build = clientBuild(root);
  }, 180_000);
  afterAll(() => build?.dispose());

  it("writes each screen's rest as a file of one hashed folder, and keeps it out of the entry", () => {
    const folders = readdirSync(path.join(build.dir, 'assets')).filter((name) => name.startsWith(DESCRIPTORS_PREFIX) && !name.includes('.'));
    expect(folders).toHaveLength(1);
    const entry = readFileSync(path.join(build.dir, build.manifest['index.html'].file), 'utf8');
    expect(entry).toContain(`/assets/${folders[0]}/`);
    for (const screen of screensFile.screens) {
      const { start, rest } = splitScreen(screen);
      const file = JSON.parse(readFileSync(path.join(build.dir, 'assets', folders[0], `${screen.id}.json`), 'utf8'));
      expect(file, screen.id).toEqual(rest);
      expect(entry, screen.id).toContain(String(start.route));
      // A success message names its text key in screens.json only: in the entry, it would be the rest's.
      if (typeof rest.successMessage === 'string') expect(entry, screen.id).not.toContain(rest.successMessage);
    }
  });
});
