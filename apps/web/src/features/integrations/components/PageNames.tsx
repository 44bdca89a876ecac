import { Fragment } from 'react';

/** Connected pages' names, each in its own direction (an English page name in the Arabic interface). */
export function PageNames({ pages }: { pages: readonly { pageId: string; pageName: string }[] }) {
  return (
    <>
      {pages.map((page, index) => (
        <Fragment key={page.pageId}>
          {index > 0 && ', '}
          <bdi>{page.pageName}</bdi>
        </Fragment>
      ))}
    </>
  );
}
