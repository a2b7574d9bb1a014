import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** What "Load more" needs of a paged list (a TanStack infinite query or several combined). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * "Load more" under a table, or in a dropdown panel's footer (`inPicker`), while the list has more pages on the
 * server; nothing once every page is read. Each click reads one more server page.
 */
export function LoadMore({ list, inPicker = false }: { list: PagedList; inPicker?: boolean }): ReactNode {
  if (!list.hasNextPage) return null;
  return (
    <div className={inPicker ? 'picker-more' : 'load-more'}>
      <Button
        type="button"
        label="Load more"
        icon="pi pi-angle-down"
        outlined={!inPicker}
        text={inPicker}
        size="small"
        loading={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      />
    </div>
  );
}

/** A dropdown panel's footer with "Load more" (for `panelFooterTemplate`). */
export const loadMoreFooter = (list: PagedList): ReactNode => <LoadMore list={list} inPicker />;
