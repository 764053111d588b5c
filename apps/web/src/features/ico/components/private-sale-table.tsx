import { useQueryClient } from '@tanstack/react-query';
import type { IcoListItem } from '@vaultscope/core';
import { memo, useCallback, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { IcoCells } from '@/components/ico-table/ico-cells';
import { toast } from '@/components/toast/toast-store';
import { PagedTable, useDrawnRows } from '@/components/ui/paged-table';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';
import { privateSaleDetailPath } from '@/lib/web-links';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { getIcoDetailQueryOptions } from '../api/get-ico-detail';
import { useIcoList, type IcoListFilter } from '../api/get-ico-list';
import type { PrivateSaleDetailState } from '../lib/navigation-state';
import { ProjectImage } from './project-image';
import styles from './private-sale-table.module.css';

export const PRIVATE_SALE_COLUMNS = [
  'Project Name',
  'Round',
  'Total Raised',
  'Pre-Valuation',
  'Categories',
  'Date',
] as const;

const SKELETON_ROWS = 10;
export const LIST_ERROR_TEXT = 'Could not load private sales. Please try again.';
const OPEN_ERROR_TEXT = 'Something went wrong.';

/** A plain left click: anything else (new tab, new window) is left to the browser. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The table of one tab: skeleton rows while loading, 'No data found' when empty, a red error text
 * on failure, and Show More while full pages keep coming. A row loads its project, then opens
 * /PS-detail with the id in the URL and the project in the navigation state.
 */
export function PrivateSaleTable({ filter }: { filter: IcoListFilter }) {
  const list = useIcoList(filter);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = useSessionStore(selectUser)?._id;
  const [opening, setOpening] = useState<string | null>(null);

  const rows = list.data?.pages.flatMap((page) => page.tokenDetails) ?? [];
  const searching = list.isPlaceholderData;
  const caption = filter.status === 'active' ? 'Active private sales' : 'Upcoming private sales';

  const open = useCallback(
    async (item: IcoListItem) => {
      if (opening) return;
      setOpening(item._id);
      try {
        const apiData = await queryClient.fetchQuery(
          getIcoDetailQueryOptions(item._id, userId, filter.status),
        );
        const state: PrivateSaleDetailState = { id: item._id, apiData };
        await navigate(privateSaleDetailPath(item._id), { state });
      } catch (error) {
        toast.error(messageOf(error, OPEN_ERROR_TEXT));
      } finally {
        setOpening(null);
      }
    },
    [opening, queryClient, userId, filter.status, navigate],
  );
  const { drawn, drawing } = useDrawnRows(rows, list.data?.pages.length ?? 0);

  return (
    <PagedTable
      query={list}
      rowCount={rows.length}
      caption={caption}
      columns={PRIVATE_SALE_COLUMNS}
      skeletonRows={SKELETON_ROWS}
      errorText={LIST_ERROR_TEXT}
      emptyText="No data found"
      className={styles.list}
      tableClassName={`${styles.table}`}
      testId={`ico-table-${filter.status}`}
      stale={searching}
      drawing={drawing}
    >
      {drawn.map((item) => (
        <IcoRow key={item._id} item={item} opening={opening === item._id} onOpen={open} />
      ))}
    </PagedTable>
  );
}

/** One row; drawn again only when its project or its opening state changes. */
const IcoRow = memo(function IcoRow({
  item,
  opening,
  onOpen,
}: {
  item: IcoListItem;
  opening: boolean;
  onOpen: (item: IcoListItem) => Promise<void>;
}) {
  return (
    <tr
      className="data-table__row--link"
      aria-busy={opening || undefined}
      onClick={(event) => {
        // The name link handles its own clicks; the rest of the row opens the project too.
        if ((event.target as Element).closest('a, button')) return;
        void onOpen(item);
      }}
    >
      <th scope="row">
        <Link
          to={privateSaleDetailPath(item._id)}
          className={styles.name}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            void onOpen(item);
          }}
        >
          <ProjectImage src={item.image} size={28} className={styles.nameImage} />
          <span className={styles.nameText}>{item.tokenName}</span>
          {opening && <Spinner label={`Opening ${item.tokenName}`} />}
        </Link>
      </th>
      <IcoCells item={item} />
    </tr>
  );
});
