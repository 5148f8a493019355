// Checks and prepares an uploaded image in the browser, by the rules of src/shared/images.ts (at most 2 MB, fitted
// into 1024x1024, a favicon a PNG of 16x16 or 32x32 px and at most 1 KB), and gives it as a data URL.

import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, checkFavicon, fitWithin, sniffImageType, type ImageProblem, type ImageType } from '../../../../shared/images.ts';

export { checkFavicon, fitWithin, sniffImageType } from '../../../../shared/images.ts';
export type { ImageProblem } from '../../../../shared/images.ts';

export type PreparedImage = { ok: true; dataUrl: string } | { ok: false; problem: ImageProblem; params?: Record<string, unknown> };

/** The file as a data URL of its real type (a browser may report another, or none). */
function readDataUrl(file: Blob, type: ImageType): Promise<string> {
  const blob = file.type === type ? file : new Blob([file], { type });
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

async function resize(file: Blob, type: ImageType, jpegQuality: number): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    if (bitmap.width <= MAX_IMAGE_SIDE && bitmap.height <= MAX_IMAGE_SIDE) return await readDataUrl(file, type);
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    // Transparency survives only in PNG; photographs are smaller as JPEG.
    return type === 'image/png' || type === 'image/gif' || type === 'image/webp' ? canvas.toDataURL('image/png') : canvas.toDataURL('image/jpeg', jpegQuality);
  } finally {
    bitmap.close();
  }
}

/**
 * Checks a chosen file (or a photo taken) and returns the image as a data URL, resized when larger than 1024x1024;
 * `jpegQuality` is the quality a resized JPEG is saved at (a photo keeps the 0.7 it was taken at).
 */
export async function prepareImage(file: Blob, { favicon = false, jpegQuality = 0.9 }: { favicon?: boolean; jpegQuality?: number } = {}): Promise<PreparedImage> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, problem: 'FILE_TOO_LARGE', params: { limit: MAX_UPLOAD_LABEL } };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  } catch {
    return { ok: false, problem: 'UNREADABLE_FILE' };
  }
  const type = sniffImageType(head);
  if (!type) return { ok: false, problem: 'FILE_FORMAT_INVALID' };
  if (favicon) {
    if (!checkFavicon(head, file.size)) return { ok: false, problem: 'INVALID_FAVICON' };
    try {
      return { ok: true, dataUrl: await readDataUrl(file, type) };
    } catch {
      return { ok: false, problem: 'UNREADABLE_FILE' };
    }
  }
  try {
    return { ok: true, dataUrl: await resize(file, type, jpegQuality) };
  } catch {
    // The header said image, but the browser cannot decode it.
    return { ok: false, problem: 'UNREADABLE_FILE' };
  }
}
