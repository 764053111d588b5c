import { useCexTable } from '../api/cex';
import { DataAge } from './data-age';
import { TokenListTable } from './token-list-table';

/** The CEX page's Tokens tab: how old the markets are (live mode) and the token table. */
export function CexTokens() {
  const table = useCexTable();
  return (
    <>
      <DataAge kind="cex" />
      <TokenListTable kind="CEX" caption="CEX tokens" query={table} testId="cex-table" />
    </>
  );
}
