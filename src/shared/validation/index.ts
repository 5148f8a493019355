// The validation catalogue in one import: rules, formats, keywords, the ajv factory and the error mapping.
export * from './codes.ts';
export * from './rules.ts';
export * from './urls.ts';
export * from './formats.ts';
export * from './keywords.ts';
export * from './ajv.ts';
export * from './errors.ts';
