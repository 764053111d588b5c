import { Page } from '@/components/ui/page';
import { DataTable, TOKEN_TABLE_COLUMNS } from '@/components/token-table/data-table';

/** New Pools list (/detail-view, the 'New Pools' link). */
export function DetailViewScreen() {
  return (
    <Page title="New Pools" description="Pools created most recently, across chains">
      <DataTable caption="New pools" columns={TOKEN_TABLE_COLUMNS} emptyText="No data found" />
    </Page>
  );
}
