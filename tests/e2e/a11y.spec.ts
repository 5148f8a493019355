// The accessibility check itself: a page with known violations (the two the panel once had among
// them) fails it with a readable list, when asked for explicitly, through the automatic audit and
// at the end of a test; a page with nothing serious passes.
import { expect, expectAccessible, test } from './helpers.ts';

// The two faults the panel once had (a details state on a plain table's row, the primary colour on
// its soft background at 4.44:1) and an image without a text alternative.
const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
<h1>Broken page</h1>
<table><thead><tr><th scope="col">Name</th></tr></thead>
<tbody><tr id="expandable-row" aria-expanded="false"><td>Anna</td></tr></tbody></table>
<p id="faint" style="color:#1f5eff;background:#e8efff;font-size:14px">English</p>
<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
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
  const found: string[] = [];
  const collected = () => {
    found.push(...a11y.take().map((finding) => `${finding.rule} ${finding.nodes.map((node) => node.target).join(' ')}`));
    return [...found].sort();
  };
  await expect.poll(collected, { timeout: 15_000 }).toEqual(['aria-conditional-attr #expandable-row', 'color-contrast #faint', 'image-alt #no-alt']);

  const failure = await expectAccessible(page).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt (critical) at /a11y-check/broken');
  expect(failure).toContain('#no-alt');
  expect(failure).toContain('color-contrast (serious)');
  expect(failure).toContain('#faint');
  expect(failure).toContain('contrast of 4.44');
  expect(failure).toContain('aria-conditional-attr (serious)');
  expect(failure).toContain('#expandable-row');

  // A page with nothing serious passes, and it is the state the end-of-test audit sees.
  await page.goto('/a11y-check/clean');
  await expectAccessible(page);
});

test('a test whose body passes but ends on a page with violations fails', async ({ page }) => {
  test.fail(true, 'the audit of the final state fails it');
  await page.goto('/a11y-check/broken');
  await expect(page.getByRole('heading', { name: 'Broken page' })).toBeVisible();
});
