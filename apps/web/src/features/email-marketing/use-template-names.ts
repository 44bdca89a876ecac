import { useCallback, useMemo } from 'react';
import { useEmailTemplatesFeedInfiniteQuery } from './api';

/** The owner's templates by id (their first pages, as the Templates tab reads them), for naming a step's. */
export function useTemplateNames(): (id: string) => string {
  const templates = useEmailTemplatesFeedInfiniteQuery({});
  const names = useMemo(
    () => new Map((templates.data?.pages.flatMap((page) => page.items) ?? []).map((t) => [t.id, t.name])),
    [templates.data],
  );
  return useCallback((id: string) => names.get(id) ?? '…', [names]);
}
