// Every row of a list call, page after page: the accounts a picker offers, the rows an export writes.
import { api } from '../core/api.ts';
import { MAX_LIMIT, type ListParams, type ListResult } from '../../shared/list-query.ts';

/**
 * Asks for pages of MAX_LIMIT rows until the list's numberOfRecords is reached, unless it is capped (a lower bound),
 * or a page comes back short (rows went away meanwhile, or a capped list's end). `query` carries extra query parameters (scope filters).
 */
export async function listAll<T>(path: string, params: Omit<ListParams, 'page' | 'limit'> = {}, query: Record<string, string | number | boolean> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const result: ListResult<T> = await api.list<T>(path, { ...params, page, limit: MAX_LIMIT }, { query });
    rows.push(...result.items);
    if (result.items.length < MAX_LIMIT || (!result.numberOfRecordsCapped && rows.length >= result.numberOfRecords)) return rows;
  }
}
