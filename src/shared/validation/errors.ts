// The API's error shapes, defined once for the server that sends them and the client that reads them,
// and the turning of ajv errors into validationErrors: [{ property, errors: [{ code, message }] }], one
// entry per field.
import type { ErrorObject } from 'ajv';
import type { ValidationCode } from './codes.ts';
import { formatCode } from './formats.ts';

/** One problem with a value: a code of the validation catalogue and its message. */
export interface FieldError {
  code: string;
  message: string;
}

/** The problems of one field. */
export interface PropertyErrors {
  /** Dotted path of the field ("a.0.b"); '' for the body as a whole. */
  property: string;
  errors: FieldError[];
}

/** The body of a 400 for invalid input. */
export interface ValidationErrorsBody {
  validationErrors: PropertyErrors[];
}

/** The body of every other error: one code (locales/<lng>/errors.json) and its English message. */
export interface ErrorBody {
  code: string;
  message: string;
}

export type MessageFn = (code: string, params: Record<string, unknown>) => string;

/** Codes this module can produce from ajv keywords on its own (format codes come from formats.ts). */
export const KEYWORD_CODES: readonly ValidationCode[] = [
  'REQUIRED',
  'INVALID_MIN_LENGTH',
  'INVALID_MAX_LENGTH',
  'INVALID_MIN_VALUE',
  'INVALID_MAX_VALUE',
  'INVALID_NUMBER',
  'INVALID_BOOLEAN',
  'INVALID_ARRAY',
  'ARRAY_OR_OBJECT_REQUIRED',
  'INVALID_ENUM',
  'ARRAY_IS_EMPTY',
  'INVALID_VALUE',
  'VALUE_NOT_MATCH',
  'INVALID_MIN_DATE',
  'INVALID_MAX_DATE',
  'INVALID_SMS_CONTENT_LENGTH',
  'INVALID_AMOUNT',
  'VALIDATION_ERROR',
];

/** Codes a schema's errorCode annotation does not replace: each names its own problem better than the annotation. */
const OWN_CODES: ReadonlySet<string> = new Set<ValidationCode>(['REQUIRED', 'INVALID_AMOUNT']);

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function joinPath(instancePath: string, child?: string): string {
  const parts = instancePath === '' ? [] : instancePath.slice(1).split('/').map(unescapePointer);
  if (child !== undefined) parts.push(child);
  return parts.join('.');
}

function typeCode(type: unknown): ValidationCode {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
  if (types.includes('number') || types.includes('integer')) return 'INVALID_NUMBER';
  if (types.includes('boolean')) return 'INVALID_BOOLEAN';
  if (types.includes('array')) return 'INVALID_ARRAY';
  if (types.includes('object')) return 'ARRAY_OR_OBJECT_REQUIRED';
  return 'VALIDATION_ERROR';
}

/** The code for one ajv error, before any errorCode annotation. */
function keywordCode(error: ErrorObject): ValidationCode {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
    case 'dependencies':
    case 'dependentRequired':
      return 'REQUIRED';
    case 'minLength':
      // An empty required text is reported as "Field required", not as a length problem.
      return params.limit === 1 ? 'REQUIRED' : 'INVALID_MIN_LENGTH';
    case 'maxLength':
      return 'INVALID_MAX_LENGTH';
    case 'minimum':
    case 'exclusiveMinimum':
      return 'INVALID_MIN_VALUE';
    case 'maximum':
    case 'exclusiveMaximum':
      return 'INVALID_MAX_VALUE';
    case 'type':
      return typeCode(params.type);
    case 'enum':
    case 'const':
      return 'INVALID_ENUM';
    case 'minItems':
      return 'ARRAY_IS_EMPTY';
    case 'format':
      return formatCode(String(params.format));
    case 'pattern':
      return 'INVALID_VALUE';
    case 'sameAs':
      return 'VALUE_NOT_MATCH';
    case 'smsText':
      return 'INVALID_SMS_CONTENT_LENGTH';
    case 'wholeCents':
      return 'INVALID_AMOUNT';
    case 'formatMinimum':
    case 'formatExclusiveMinimum':
      return 'INVALID_MIN_DATE';
    case 'formatMaximum':
    case 'formatExclusiveMaximum':
      return 'INVALID_MAX_DATE';
    default:
      return 'VALIDATION_ERROR';
  }
}

/** Where an error belongs: required-style errors name the missing property, others point at the failing value. */
function propertyOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') return joinPath(error.instancePath, params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return joinPath(error.instancePath, params.additionalProperty);
  }
  return joinPath(error.instancePath);
}

/** Parameters for the message: ajv's own, with the limit of an exclusive minimum on an integer made inclusive. */
function messageParams(error: ErrorObject): Record<string, unknown> {
  const params = { ...(error.params as Record<string, unknown>) };
  const parentType = (error.parentSchema as { type?: unknown } | undefined)?.type;
  const limit = params.limit;
  if (typeof limit === 'number' && parentType === 'integer') {
    if (error.keyword === 'exclusiveMinimum') params.limit = limit + 1;
    if (error.keyword === 'exclusiveMaximum') params.limit = limit - 1;
  }
  return params;
}

export function toValidationErrors(errors: ErrorObject[] | null | undefined, message: MessageFn): PropertyErrors[] {
  const byProperty = new Map<string, FieldError[]>();
  const underMinimum = new Set<string>();
  for (const error of errors ?? []) {
    // "must match then/else schema" repeats the errors already reported from inside the branch.
    if (error.keyword === 'if') continue;
    let code: string = keywordCode(error);
    const override = (error.parentSchema as { errorCode?: unknown } | undefined)?.errorCode;
    if (!OWN_CODES.has(code) && typeof override === 'string') code = override;

    const property = propertyOf(error);
    if (error.keyword === 'minimum' || error.keyword === 'exclusiveMinimum') underMinimum.add(property);
    const list = byProperty.get(property) ?? [];
    if (!list.some((e) => e.code === code)) list.push({ code, message: message(code, messageParams(error)) });
    byProperty.set(property, list);
  }
  return [...byProperty].map(([property, list]) => ({
    property,
    // An empty field reports only "Field required", not also the pattern or format it fails for being empty; an
    // amount under its minimum (0.005) only the minimum, not also the fraction of a cent.
    errors: list.some((e) => e.code === 'REQUIRED')
      ? list.filter((e) => e.code === 'REQUIRED')
      : underMinimum.has(property) ? list.filter((e) => e.code !== 'INVALID_AMOUNT') : list,
  }));
}

/** Catalogue message for a code with {{param}} placeholders filled in; falls back to VALIDATION_ERROR, then to the code. */
export function messageFor(catalogue: Record<string, string>, code: string, params: Record<string, unknown> = {}): string {
  const template = catalogue[code] ?? catalogue.VALIDATION_ERROR ?? code;
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_match, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
