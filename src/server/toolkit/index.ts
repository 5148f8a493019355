// The toolkit an area composes its routes from (see docs/architecture.md, "Areas and the toolkit"):
//   context.ts     who asks, for which customer, on which database handle
//   tenancy.ts     which rows a request may see: tenancy and an area's visibility rule, once for all routes
//   fields.ts      entity field -> SQL: what a list answers, orders and filters by
//   list.ts        the list query over any select (join, view) and the list route
//   period.ts      a list's date range with a default and a longest period (a statement)
//   item.ts        GET/DELETE {path}/:id with an item's related rows, and rows read or locked through an area's view
//   write.ts       POST/PUT {path} from a form schema, each optional
//   audit.ts       the audit entry of a generic write or delete (the row before and after, secrets hidden)
//   bulk.ts        one operation over a list of ids, in one transaction, tenancy-checked
//   resource.ts    the usual routes of an area from one declaration (read-only without write rules)
//   response.ts    response schemas derived from the entity schemas
//   constraints.ts database refusals of a write reported under their fields
//   stepUp.ts      operations that may need an SMS code first: the code outside, the work in one transaction
export * from './context.ts';
export * from './tenancy.ts';
export * from './fields.ts';
export * from './list.ts';
export * from './period.ts';
export * from './item.ts';
export * from './write.ts';
export * from './audit.ts';
export * from './bulk.ts';
export * from './resource.ts';
export * from './response.ts';
export * from './constraints.ts';
export * from './stepUp.ts';
