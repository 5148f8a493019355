// Custom ajv keywords of the catalogue. They generate plain code (or expand to a format) and call nothing outside the
// generated function, so precompiled (standalone) validators work with them in the browser.
// No keyword modifies data: values are never trimmed or coerced here; trimming belongs to the input widget.
import { _, str, type CodeKeywordDefinition, type KeywordDefinition, type MacroKeywordDefinition } from 'ajv';
import { THOUSANDTHS_PER_CENT } from '../money.ts';

/**
 * `"sameAs": "newPassword"` on a string property: the value must equal that sibling property of the same object
 * (a password confirmation). Fails with VALUE_NOT_MATCH.
 */
const sameAsKeyword: CodeKeywordDefinition = {
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
const smsTextKeyword: MacroKeywordDefinition = {
  keyword: 'smsText',
  type: 'string',
  schemaType: 'boolean',
  macro: (schema: boolean) => (schema ? { format: 'smsText' } : true),
};

/**
 * `"wholeCents": true` on an amount in thousandths: money has at most two decimals (spec), so the amount must be a whole
 * number of cents, a multiple of 10 (12345, i.e. 12.345, is refused). Every money property of a schema carries it
 * (npm run validate checks). Fails with INVALID_AMOUNT, whatever the schema's errorCode names: the minimum's message
 * ("at least 0.01") would not say what is wrong.
 */
const wholeCentsKeyword: CodeKeywordDefinition = {
  keyword: 'wholeCents',
  type: 'number',
  schemaType: 'boolean',
  error: { message: str`must be a whole number of cents (a multiple of ${THOUSANDTHS_PER_CENT} thousandths)` },
  code(cxt) {
    if (cxt.schema === true) cxt.fail(_`${cxt.data} % ${THOUSANDTHS_PER_CENT} !== 0`);
  },
};

/**
 * `"errorCode": "INVALID_FIRST_LAST_NAME"`: annotation naming the code to report for any failure of this schema's own
 * keywords (an empty or missing required value still reports REQUIRED, a fraction of a cent INVALID_AMOUNT). Read by
 * toValidationErrors.
 */
const errorCodeKeyword: KeywordDefinition = {
  keyword: 'errorCode',
  schemaType: 'string',
};

export const keywords: readonly KeywordDefinition[] = [sameAsKeyword, smsTextKeyword, wholeCentsKeyword, errorCodeKeyword];
