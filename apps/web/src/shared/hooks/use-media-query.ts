import { useCallback, useSyncExternalStore } from 'react';

/** Below antd's `lg` breakpoint (992 px): phones and small tablets. The signed-in sidebar is a drawer there. */
export const NARROW_SCREEN = '(max-width: 991.98px)';

/** Below antd's `md` breakpoint (768 px): phones. The landing page's header folds into a menu there. */
export const PHONE_SCREEN = '(max-width: 767.98px)';

/** Whether the window matches a CSS media query, following it as the window is resized or turned. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
