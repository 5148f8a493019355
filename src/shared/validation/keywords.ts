// Custom ajv keywords of the catalogue. They generate plain code (or expand to a format) and call nothing outside the
// generated function, so precompiled (standalone) validators work with them in the browser.
// No keyword modifies data: values are never trimmed or coerced here; trimming belongs to the input widget.
import { _, str, type CodeKeywordDefinition, type KeywordDefinition, type MacroKeywordDefinition } from 'ajv';

/**
 * `"sameAs": "newPassword"` on a string property: the value must equal that sibling property of the same object
 * (a password confirmation). Fails with VALUE_NOT_MATCH.
 */
export const sameAsKeyword: CodeKeywordDefinition = {
  keyword: 'sameAs',
  type: 'string',
  schemaType: 'string',
  error: {
    message: ({ schema }) => str`must be equal to property ${String(schema)}`,
    params: ({ schema }) => _`{sibling: ${String(schema)}}`,
  },
  code(cxt) {
    const { data, schema, it } = cxt;
    if (it.dataLevel === 0) throw new Error('keyword "sameAs" applies to a property of an object');
    cxt.fail(_`${data} !== ${it.parentData}[${String(schema)}]`);
  },
};

/**
 * `"smsText": true` on a string: the text must fit the SMS limits (560 7-bit, 280 UCS-2). Expands to the smsText format,
 * so the counter is reached the same way as every other format. Fails with INVALID_SMS_CONTENT_LENGTH.
 */
export const smsTextKeyword: MacroKeywordDefinition = {
  keyword: 'smsText',
  type: 'string',
  schemaType: 'boolean',
  macro: (schema: boolean) => (schema ? { format: 'smsText' } : true),
};

/**
 * `"errorCode": "INVALID_FIRST_LAST_NAME"`: annotation naming the code to report for any failure of this schema's own
 * keywords (an empty or missing required value still reports REQUIRED). Read by toValidationErrors.
 */
export const errorCodeKeyword: KeywordDefinition = {
  keyword: 'errorCode',
  schemaType: 'string',
};

export const keywords: readonly KeywordDefinition[] = [sameAsKeyword, smsTextKeyword, errorCodeKeyword];
