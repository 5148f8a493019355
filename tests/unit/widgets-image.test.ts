// @vitest-environment jsdom
// Image upload checks: the type is read from the file's bytes, files over 2 MB are refused, large images are fitted
// into 1024x1024, a favicon must be a PNG of 16x16 or 32x32 px and at most 1 KB.
import { describe, expect, it } from 'vitest';
import { checkFavicon, fitWithin, prepareImage, sniffImageType } from '../../src/client/renderer/widgets/image/imageFile.ts';

function png(width: number, height: number, size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('image files', () => {
  it('recognises images by their first bytes, not by name', () => {
    expect(sniffImageType(png(16, 16))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF....WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('fits large images into 1024x1024 and leaves small ones alone', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(600, 2048)).toEqual({ width: 300, height: 1024 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('accepts a favicon only as a square PNG of 16 or 32 px within 1 KB', () => {
    expect(checkFavicon(png(16, 16), 500)).toBe(true);
    expect(checkFavicon(png(32, 32), 1024)).toBe(true);
    expect(checkFavicon(png(32, 32), 1025)).toBe(false);
    expect(checkFavicon(png(24, 24), 500)).toBe(false);
    expect(checkFavicon(png(16, 32), 500)).toBe(false);
    expect(checkFavicon(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 500)).toBe(false);
  });

  it('refuses files that are too large, not images, or not a valid favicon, with the catalogue codes', async () => {
    expect(await prepareImage(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)]))).toEqual({ ok: false, problem: 'FILE_TOO_LARGE', params: { limit: '2 MiB (2097152 B)' } });
    expect(await prepareImage(new Blob(['plain text, not a picture']))).toEqual({ ok: false, problem: 'FILE_FORMAT_INVALID' });
    expect(await prepareImage(new Blob([png(24, 24)]), { favicon: true })).toEqual({ ok: false, problem: 'INVALID_FAVICON' });
    // A PNG header with nothing decodable behind it cannot be read.
    expect(await prepareImage(new Blob([png(64, 64)]))).toEqual({ ok: false, problem: 'UNREADABLE_FILE' });
  });

  it('keeps a valid favicon as a data URL', async () => {
    const result = await prepareImage(new Blob([png(16, 16)]), { favicon: true });
    expect(result).toEqual({ ok: true, dataUrl: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
  });
});
