// The response schema of a route that answers a file rather than JSON. Apart from the toolkit, since the API
// document's plugin reads it too and plugins sit beneath the toolkit.

type JsonSchema = Record<string, unknown>;

/**
 * A file sent as a download: Fastify sends the stream as it is, never through the serialiser. Its media types are
 * named where the API's document shows them (schemas/api-examples.json, responseType).
 */
export function fileResponse(description: string): JsonSchema {
  return { type: 'string', format: 'binary', description };
}

/** Whether a response schema is a file's (fileResponse), which describes no JSON answer. */
export function isFileResponse(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as JsonSchema).format === 'binary';
}
