import { Page } from '@/components/ui/page';
import { useTokenTable } from '../api/token-lists';
import { DEFAULT_TOKEN_FILTER } from '../lib/filters';
import { TokenListTable } from './token-list-table';

/** New Pools list (/detail-view, the 'New Pools' link): newest pools first, with Show More. */
export function DetailViewScreen() {
  const table = useTokenTable('new', DEFAULT_TOKEN_FILTER);
  return (
    <Page title="New Pools" description="Pools created most recently, across chains">
      <TokenListTable kind="DEX" caption="New pools" query={table} testId="new-pools-table" />
    </Page>
  );
}
