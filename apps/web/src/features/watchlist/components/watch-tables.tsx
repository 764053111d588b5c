import type { UseQueryResult } from '@tanstack/react-query';
import {
  favouriteMessages,
  ICO_DEFAULT_IMAGE,
  type ChainCode,
  type FavouriteType,
  type IcoListItem,
} from '@vaultscope/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { IcoCells } from '@/components/ico-table/ico-cells';
import { toast } from '@/components/toast/toast-store';
import { TOKEN_TABLE_COLUMNS, TokenCells } from '@/components/token-table/token-cells';
import { DataTable } from '@/components/ui/data-table';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Spinner } from '@/components/ui/spinner';
import { pricePath, privateSaleDetailPath, tokenDetailPath } from '@/lib/web-links';
import { useDeleteWatchlistItem } from '../api/delete-watchlist-item';
import type { Watchlist } from '../api/get-watchlist';
import { TrashIcon } from '@/components/icons';
import styles from './watch-list.module.css';

export const ICO_WATCH_COLUMNS = [
  'Token Name',
  'Round',
  'Total Raised',
  'Pre-Valuation',
  'Category',
  'Date',
] as const;

/** Spec section 9: skeleton columns 12 for DEX/CEX and 6 for ICO. */
const SKELETON_ROWS = 5;
export const EMPTY_TEXT = 'Data not available';
const LIST_ERROR_TEXT = 'Could not load your watch list. Please try again.';

type WatchQuery = UseQueryResult<Watchlist>;

/** Table frame shared by the three tabs: headings, an action column, and the list states. */
function WatchTable({
  caption,
  columns,
  query,
  count,
  children,
}: {
  caption: string;
  columns: readonly string[];
  query: WatchQuery;
  count: number;
  children: ReactNode;
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      action={{ label: 'Actions', at: 'end' }}
      loading={query.isPending}
      failure={query.isError ? { error: query.error, text: LIST_ERROR_TEXT } : null}
      emptyText={EMPTY_TEXT}
      rowCount={count}
      skeletonRows={SKELETON_ROWS}
      className={styles.table}
      busy={query.isFetching}
    >
      {children}
    </DataTable>
  );
}

/** The per-row remove button (delete-watchlist). */
function RemoveButton({
  itemId,
  type,
  name,
  userId,
}: {
  itemId: string;
  type: FavouriteType;
  name: string;
  userId: string;
}) {
  const remove = useDeleteWatchlistItem();
  const busy = remove.isPending;
  return (
    <td className="data-table__action">
      <button
        type="button"
        className={`icon-btn ${styles.remove}`}
        aria-label={`Remove ${name} from watch list`}
        title="Remove from watch list"
        aria-busy={busy || undefined}
        onClick={() => {
          if (busy) return;
          remove.mutate(
            { itemId, type, userId },
            {
              onSuccess: (response) => toast.success(response.message),
              onError: () => toast.error(favouriteMessages.deleteFailed),
            },
          );
        }}
      >
        {busy ? <Spinner /> : <TrashIcon />}
      </button>
    </td>
  );
}

/** Opens `to` when the row (outside its links and buttons) is clicked. */
function useRowOpener() {
  const navigate = useNavigate();
  return (to: string | undefined) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (!to || (event.target as Element).closest('a, button')) return;
    void navigate(to);
  };
}

export function TokenWatchTable({
  kind,
  userId,
  query,
  isClickable,
}: {
  kind: 'DEX' | 'CEX';
  userId: string;
  query: WatchQuery;
  isClickable: (chainName: ChainCode | null) => boolean;
}) {
  const entries = query.data?.[kind] ?? [];
  const openRow = useRowOpener();
  // One clock per render, so the ages in a table agree with each other.
  const now = new Date();
  return (
    <WatchTable
      caption={`${kind} watch list`}
      columns={TOKEN_TABLE_COLUMNS}
      query={query}
      count={entries.length}
    >
      {entries.map(({ itemId, item }) => {
        let to: string | undefined;
        if (isClickable(item.chainName)) {
          // A CEX coin that lives on no research chain has a market page, not a chain detail.
          to = item.chainName
            ? tokenDetailPath(item.tokenAddress, item.chainName)
            : pricePath(item.tokenAddress);
        }
        return (
          <tr
            key={itemId}
            className={to ? 'data-table__row--link' : undefined}
            onClick={openRow(to)}
          >
            <TokenCells token={item} to={to} now={now} />
            <RemoveButton itemId={itemId} type={kind} name={item.CoinName} userId={userId} />
          </tr>
        );
      })}
    </WatchTable>
  );
}

export function IcoWatchTable({ userId, query }: { userId: string; query: WatchQuery }) {
  const entries = query.data?.ICO ?? [];
  const openRow = useRowOpener();
  return (
    <WatchTable
      caption="ICO watch list"
      columns={ICO_WATCH_COLUMNS}
      query={query}
      count={entries.length}
    >
      {entries.map(({ itemId, item }) => (
        <IcoRow key={itemId} itemId={itemId} item={item} userId={userId} openRow={openRow} />
      ))}
    </WatchTable>
  );
}

function IcoRow({
  itemId,
  item,
  userId,
  openRow,
}: {
  itemId: string;
  item: IcoListItem;
  userId: string;
  openRow: ReturnType<typeof useRowOpener>;
}) {
  const to = privateSaleDetailPath(item._id);
  return (
    <tr className="data-table__row--link" onClick={openRow(to)}>
      <th scope="row">
        <Link to={to} className={styles.icoName}>
          <FallbackImage
            src={item.image}
            fallback={ICO_DEFAULT_IMAGE}
            alt=""
            width={24}
            height={24}
            className={styles.icoImage}
          />
          <span>{item.tokenName}</span>
        </Link>
      </th>
      <IcoCells item={item} />
      <RemoveButton itemId={itemId} type="ICO" name={item.tokenName} userId={userId} />
    </tr>
  );
}
