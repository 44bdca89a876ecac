import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search box kept in the address's `?q=`: the box starts from it (the dashboard's search links to
 * /messages?q=…), and what is typed goes back into it once typing pauses. Returns the box's text, its
 * setter and the settled query to send to the server.
 */
export function useUrlSearch(): [string, (text: string) => void, string] {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const query = useDebouncedValue(text);
  const inUrl = useRef(urlQuery);

  useEffect(() => {
    if (query === inUrl.current) return;
    inUrl.current = query;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (query === '') next.delete('q');
        else next.set('q', query);
        return next;
      },
      { replace: true },
    );
  }, [query, setSearchParams]);

  useEffect(() => {
    if (urlQuery === inUrl.current) return;
    inUrl.current = urlQuery;
    setText(urlQuery);
  }, [urlQuery]);

  return [text, setText, query];
}
