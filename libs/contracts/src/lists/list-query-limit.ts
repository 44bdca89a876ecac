/** Page size of the list endpoints (`?limit=`). */
export const LIST_QUERY_LIMIT = { min: 1, max: 500, default: 100 } as const;
