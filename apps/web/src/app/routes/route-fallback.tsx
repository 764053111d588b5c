import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';
import { ScreenLoader } from '@/components/ui/spinner';

/**
 * What a route shows while its code arrives, in the shape of the screen to come (spec section 9
 * and the loading states of section 5): the lists' 15 skeleton rows of 12 columns, the wallet's
 * placeholders, the history's 20 rows, the watch list's 12 columns, the detail's loading text, and
 * a spinner for forms and text pages. Only the first visit of a route shows it: the code is
 * prefetched on hover, focus or idle, and cached after that.
 */
export type RouteFallbackKind = 'list' | 'wallet' | 'history' | 'watch-list' | 'detail' | 'screen';

function TableSkeleton({ rows, columns }: { rows: number; columns: number }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <tbody>
          <SkeletonRows rows={rows} columns={columns} />
        </tbody>
      </table>
    </div>
  );
}

export function RouteFallback({ kind }: { kind: RouteFallbackKind }) {
  let body;
  switch (kind) {
    case 'list':
      body = <TableSkeleton rows={15} columns={12} />;
      break;
    case 'watch-list':
      body = <TableSkeleton rows={15} columns={12} />;
      break;
    case 'history':
      body = <TableSkeleton rows={20} columns={9} />;
      break;
    case 'wallet':
      body = (
        <>
          <p className="page__title">
            <Skeleton width="12em" />
          </p>
          <p>
            <Skeleton width="18em" />
          </p>
          <TableSkeleton rows={6} columns={4} />
        </>
      );
      break;
    case 'detail':
      body = <ScreenLoader label="Loading token details" />;
      break;
    default:
      body = <ScreenLoader />;
  }
  return (
    <div className="page route-fallback" aria-busy="true" data-testid="route-fallback">
      {body}
    </div>
  );
}
