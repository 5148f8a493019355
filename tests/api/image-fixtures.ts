// Images for the upload checks: a PNG whose header (signature and IHDR) declares a size, padded to `size` bytes; the
// server reads the dimensions from the header and the size from the bytes.
export function png(width: number, height: number, size = 64): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

export const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
