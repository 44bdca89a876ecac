import { useSearchParams } from 'react-router-dom';

/**
 * A page's open tab in `?tab=` (so a link or a reload opens it): one of `tabs`, the first when the address
 * names none or an unknown one; choosing the first removes the parameter.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = tabs.find((candidate) => candidate === requested) ?? tabs[0];
  const selectTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === tabs[0]) params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  return [tab, selectTab];
}
