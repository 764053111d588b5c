import { pageHeaderFor, webRoutes } from '@vaultscope/core';
import { Page } from '@/components/ui/page';
import { DataTable, TOKEN_TABLE_COLUMNS } from '@/components/token-table/data-table';
import './tokens.css';

/** CEX page frame: the token table of centralized-exchange markets (filled by the CEX issue). */
export function CexScreen() {
  const header = pageHeaderFor(webRoutes.cex);
  return (
    <Page title={header.title} description={header.description} visuallyHiddenTitle>
      <DataTable caption="CEX tokens" columns={TOKEN_TABLE_COLUMNS} emptyText="No data found" />
    </Page>
  );
}
