import { type FieldMap, QueryError } from './fields.js';

export interface SortTerm {
  readonly field: string;
  readonly order: 'ASC' | 'DESC';
}

/** `[{ fieldName, order }]` checked against the sortable fields of the map; ASC by default. */
export function parseSort(
  sorting: readonly { fieldName?: string; order?: string }[] | undefined,
  fields: FieldMap,
  where = 'query.sorting',
): SortTerm[] {
  return (sorting ?? []).map((term, index) => {
    const path = `${where}.${index}.fieldName`;
    const name = term.fieldName;
    if (name === undefined || name === '') throw new QueryError(path, 'is required');
    if (fields[name]?.sortable !== true)
      throw new QueryError(path, `"${name}" is not a field that can be sorted by`);
    if (term.order !== undefined && term.order !== 'ASC' && term.order !== 'DESC')
      throw new QueryError(`${where}.${index}.order`, 'must be ASC or DESC');
    return { field: name, order: term.order ?? 'ASC' };
  });
}
