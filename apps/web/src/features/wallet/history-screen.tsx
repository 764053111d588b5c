import { pageHeaderFor, webRoutes } from '@vaultscope/core';
import { Page } from '@/components/ui/page';
import { DataTable } from '@/components/token-table/data-table';

const COLUMNS = [
  'Hash',
  'Chain',
  'Type',
  'From',
  'To',
  'Value',
  'Symbol',
  'Link',
  'Transaction Fee',
  'Value USD',
];

/** Wallet transaction history (/history), filled by the wallet issue. */
export function HistoryScreen() {
  const header = pageHeaderFor(webRoutes.history);
  return (
    <Page title={header.title} description={header.description} visuallyHiddenTitle>
      <DataTable caption="Wallet transactions" columns={COLUMNS} emptyText="No transactions yet." />
    </Page>
  );
}
