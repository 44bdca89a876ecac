import type { CSSProperties, ReactNode } from 'react';

export const CONTENT_WIDTH = 1120;

/** A full-width band of the landing page with its content centred. */
export function Section({
  id,
  background,
  children,
}: {
  id?: string;
  background?: string;
  children: ReactNode;
}) {
  const style: CSSProperties = { padding: '72px 24px', background };
  return (
    <section id={id} style={style}>
      <div style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto' }}>{children}</div>
    </section>
  );
}
