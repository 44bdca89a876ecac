import { type RefObject, useLayoutEffect, useState } from 'react';

/** Below this the panes stop shrinking and the page scrolls instead. */
const MIN_HEIGHT = 420;

/**
 * The height that takes `ref`'s element from where it starts down to the bottom of the window, less its
 * parent's bottom padding (the page's margin), so that the inbox fills the screen and only its panes
 * scroll. Follows the window's size (a phone turned, a window resized).
 */
export function useWindowHeight(ref: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const parent = element.parentElement;
      const bottomPadding = parent ? parseFloat(getComputedStyle(parent).paddingBottom) || 0 : 0;
      setHeight(Math.max(MIN_HEIGHT, window.innerHeight - top - bottomPadding));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}
