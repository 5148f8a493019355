// "Take a photo" beside an image field (spec: a camera-capture modal; JPEG, compression 0.7, ideal resolution
// 1024x756; front camera by default, toggle to rear), on Chromium's fake camera. Only the fake device is switched on:
// with --use-fake-ui-for-media-stream every request is granted, even where the permission was refused, so the camera
// is granted per context here, as a person grants it, and a context without the grant is refused.
import type { Locator, Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../tools/chromium.ts';
import { apiCall, expect, expectAccessible, loginAs, test } from './helpers.ts';

// The full browser, not the headless shell the other specs use: the shell's fake camera does not start.
test.use({ launchOptions: { ...findChromium(), args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'] } });

type Spy = { requests: MediaStreamConstraints[]; streams: MediaStream[] };

/** Records what the page asks of the camera and the streams it gets, to see the facing asked for and the camera turned off. */
function spyOnCamera(page: Page) {
  return page.addInitScript(() => {
    const media = navigator.mediaDevices;
    const spy: Spy = { requests: [], streams: [] };
    (window as unknown as { cameraSpy: Spy }).cameraSpy = spy;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      spy.requests.push(JSON.parse(JSON.stringify(constraints)) as MediaStreamConstraints);
      const stream = await open(constraints);
      spy.streams.push(stream);
      return stream;
    };
  });
}

const requests = (page: Page) => page.evaluate(() => (window as unknown as { cameraSpy: Spy }).cameraSpy.requests);
/** How many of the streams opened so far still have a live track. */
const liveStreams = (page: Page) =>
  page.evaluate(() => (window as unknown as { cameraSpy: Spy }).cameraSpy.streams.filter((s) => s.getTracks().some((t) => t.readyState === 'live')).length);

/** The form field labelled `label`: its label, its controls and its preview. */
function imageField(page: Page, label: string): Locator {
  return page.locator('.field').filter({ has: page.locator('label.field-label', { hasText: new RegExp(`^${label}$`) }) });
}

/** Waits until the dialog's preview shows the camera's picture, and answers the picture's size. */
async function livePreview(dialog: Locator): Promise<{ width: number; height: number }> {
  const video = dialog.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Capture' })).toBeEnabled();
  const box = await video.boundingBox();
  expect(box?.width).toBeGreaterThan(200);
  return video.evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, height: v.videoHeight }));
}

test.describe('with the camera allowed', () => {
  test.use({ permissions: ['camera'] });

  test('an admin takes the logo with the camera: front first, switched to the rear, saved as a JPEG that is still there after a reload', async ({ page }) => {
    await spyOnCamera(page);
    await loginAs(page, 'admin');
    try {
      await page.goto('/panel/collection-page');
      const logo = imageField(page, 'Logo');
      const take = logo.getByRole('button', { name: 'Take a photo' });
      await expect(take).toBeVisible();
      // The logo and the background image; a favicon must be a PNG, which a photo is not.
      await expect(page.getByRole('button', { name: 'Take a photo' })).toHaveCount(2);
      await expect(imageField(page, 'Favicon \\(PNG, 16x16 or 32x32 px\\)').getByRole('button', { name: 'Take a photo' })).toHaveCount(0);

      // By keyboard: the dialog opens on the front camera at the spec's ideal 1024x756; Escape turns the camera off.
      await take.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Take a photo' });
      await expect(dialog).toBeVisible();
      expect(await livePreview(dialog)).toEqual({ width: 1024, height: 756 });
      await expect(dialog.getByText('Front camera')).toBeVisible();
      expect(await requests(page)).toEqual([{ audio: false, video: { facingMode: 'user', width: { ideal: 1024 }, height: { ideal: 756 } } }]);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(take).toBeFocused();
      await expect.poll(() => liveStreams(page)).toBe(0);

      // The switch asks for the rear camera and ends the front one's stream.
      await take.click();
      await livePreview(dialog);
      await dialog.getByRole('button', { name: 'Switch camera' }).click();
      await expect(dialog.getByText('Rear camera')).toBeVisible();
      await livePreview(dialog);
      expect((await requests(page)).map((r) => (r.video as MediaTrackConstraints).facingMode)).toEqual(['user', 'user', 'environment']);
      await expect.poll(() => liveStreams(page)).toBe(1);

      await dialog.getByRole('button', { name: 'Capture' }).click();
      await expect(dialog).toBeHidden();
      await expect(take).toBeFocused();
      await expect.poll(() => liveStreams(page)).toBe(0);
      const preview = logo.getByRole('img', { name: 'Image preview' });
      await expect(preview).toBeVisible();
      expect(await preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('dialog')).toContainText('Collection page settings saved');
      await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();

      await page.goto('/panel/collection-page');
      await expect(preview).toBeVisible();
      const stored = await preview.getAttribute('src');
      expect(stored).toMatch(/^\/api\/images\/[A-Za-z0-9-]+$/);
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('1024x756');
      const type = await page.evaluate(async (address) => (await fetch(address)).headers.get('content-type'), stored!);
      expect(type).toBe('image/jpeg');
    } finally {
      // The other tests expect the page's defaults.
      await apiCall(page, 'PUT', '/api/payout/collection/settings', {});
    }
  });
});

test.describe('with the camera not allowed', () => {
  test('the dialog says the camera is blocked, or missing, and the button shows only once a camera is there', async ({ page }) => {
    // No camera listed until the page "plugs one in".
    await page.addInitScript(() => {
      const media = navigator.mediaDevices;
      const list = media.enumerateDevices.bind(media);
      media.enumerateDevices = async () => (await list()).filter((device) => device.kind !== 'videoinput');
      (window as unknown as { plugCamera: () => void }).plugCamera = () => {
        media.enumerateDevices = list;
        media.dispatchEvent(new Event('devicechange'));
      };
    });
    await loginAs(page, 'admin');
    await page.goto('/panel/collection-page');
    const logo = imageField(page, 'Logo');
    await expect(logo.getByLabel('Logo', { exact: true })).toBeVisible();
    // The page's own look at the devices has answered by the time this one has.
    await page.evaluate(() => navigator.mediaDevices.enumerateDevices());
    await expect(page.getByRole('button', { name: 'Take a photo' })).toHaveCount(0);

    await page.evaluate(() => (window as unknown as { plugCamera: () => void }).plugCamera());
    const take = logo.getByRole('button', { name: 'Take a photo' });
    await take.click();
    const dialog = page.getByRole('dialog', { name: 'Take a photo' });
    await expect(dialog.getByRole('alert')).toHaveText("The camera is blocked. Allow this page to use the camera in the browser's settings, or choose a file instead.");
    await expect(dialog.getByRole('button', { name: 'Capture' })).toBeDisabled();
    await expect(dialog.locator('video')).toBeHidden();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(take).toBeFocused();

    // A camera unplugged between the look and the click.
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await take.click();
    await expect(dialog.getByRole('alert')).toHaveText('No camera was found. Connect a camera, or choose a file instead.');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(take).toBeFocused();
  });
});
