// The uploaded spreadsheet of an import request (multipart/form-data, field `file`, at most IMPORT_MAX_BYTES) with
// the form's other fields. A request that is not such an upload, or a larger file, is a 400 naming the file field.
import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, IMPORT_MAX_LABEL } from '../../shared/imports.ts';
import { ValidationFailure } from '../errors.ts';
import { serverMessage } from '../validation.ts';

export interface Upload {
  bytes: Uint8Array;
  fields: Record<string, string>;
}

function fileFailure(code: string, params: Record<string, unknown> = {}): ValidationFailure {
  return new ValidationFailure([{ property: 'file', errors: [{ code, message: serverMessage(code, params) }] }]);
}

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw fileFailure('REQUIRED');
  const fields: Record<string, string> = {};
  let bytes: Uint8Array | null = null;
  try {
    // One byte beyond the limit is read, so a larger file is known by its length (the reader's own flag for a file cut
    // at the limit is not always set by the time the last chunk arrives).
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
        if (bytes.length > IMPORT_MAX_BYTES) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileFailure('FILE_TOO_LARGE', { limit: IMPORT_MAX_LABEL });
    throw fileFailure('FILE_FORMAT_INVALID');
  }
  if (!bytes || bytes.length === 0) throw fileFailure('REQUIRED');
  return { bytes, fields };
}
