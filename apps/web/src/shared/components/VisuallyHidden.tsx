import type { ReactNode } from 'react';

/** Off screen but read by screen readers (the usual clip pattern): a chart's table, a figure's words. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <div style={VISUALLY_HIDDEN}>{children}</div>;
}
