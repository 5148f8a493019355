// The accessibility check itself: a page with known violations fails it, with a readable list,
// both when asked for explicitly and through the automatic audit; a clean page passes.
import { expect, expectAccessible, test } from './helpers.ts';

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
<h1>Broken page</h1>
<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
<p id="faint" style="color:#c8c8c8;background:#ffffff">Faint text</p>
</main></body></html>`;
// Only a moderate finding (content outside landmarks), which does not fail the check.
const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head><body>
<h1>Clean page</h1><p>Readable text.</p></body></html>`;

test.beforeEach(async ({ page }) => {
  await page.route('**/a11y-check/*', (route) =>
    route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('/broken') ? BROKEN : CLEAN }),
  );
});

test('a page with known violations fails the check, which names rule, impact and target', async ({ page, a11y }) => {
  await page.goto('/a11y-check/broken');
  // The automatic audit finds them on its own once the page is quiet; taking them here keeps them
  // from failing this test at its end.
  await expect.poll(() => a11y.take().map((finding) => finding.rule).sort(), { timeout: 15_000 }).toEqual(['color-contrast', 'image-alt']);

  const failure = await expectAccessible(page).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt (critical) at /a11y-check/broken');
  expect(failure).toContain('#no-alt');
  expect(failure).toContain('color-contrast (serious)');
  expect(failure).toContain('#faint');

  // A page with nothing serious passes, and it is the state the end-of-test audit sees.
  await page.goto('/a11y-check/clean');
  await expectAccessible(page);
});
