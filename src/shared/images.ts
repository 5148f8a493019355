// The rules of uploaded images, for the browser's image input and the server that stores the images (spec: uploads
// at most 2 MB, images resized to at most 1024x1024, a favicon is a PNG of 16x16 or 32x32 px and at most 1 KB). The
// type is read from the file's first bytes, never its name: only raster images pass, so SVG or HTML never does.

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
// The spec's "2 MB" is 2 MiB; said exactly, in digits both languages read alike.
export const MAX_UPLOAD_LABEL = '2 MiB (2097152 B)';
export const MAX_IMAGE_SIDE = 1024;
const FAVICON_MAX_BYTES = 1024;
const FAVICON_SIZES: readonly number[] = [16, 32];

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export type ImageProblem = 'FILE_TOO_LARGE' | 'UNREADABLE_FILE' | 'FILE_FORMAT_INVALID' | 'INVALID_FAVICON';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The raster image type of a file's first bytes, or undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x42, 0x4d])) return 'image/bmp';
  return undefined;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || sniffImageType(bytes) !== 'image/png') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The largest size of the same proportions that fits in max x max (never enlarged). */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function checkFavicon(bytes: Uint8Array, size: number): boolean {
  const dims = pngSize(bytes);
  return Boolean(dims) && size <= FAVICON_MAX_BYTES && dims!.width === dims!.height && FAVICON_SIZES.includes(dims!.width);
}

/** Where the server serves a stored image: `${IMAGE_PATH}/{key}`. */
export const IMAGE_PATH = '/api/images';
