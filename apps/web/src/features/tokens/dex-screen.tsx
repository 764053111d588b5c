import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { DataTable, TOKEN_TABLE_COLUMNS } from '@/components/token-table/data-table';
import './tokens.css';

/**
 * DEX page frame: the Top Gainers and New Pools sliders and the token table. The token data
 * arrives with the DEX issue; until then each part says honestly that it has nothing.
 */
export function DexScreen() {
  return (
    <Page title="Decentralized Exchange" description="New pools and top gainers across chains">
      <section className="token-strip" aria-labelledby="top-gainers">
        <h2 id="top-gainers" className="section-title">
          Top Gainers
        </h2>
        <div className="card token-strip__slider">
          <EmptyState title="No data found" />
        </div>
      </section>
      <section className="token-strip" aria-labelledby="new-pools">
        <h2 id="new-pools" className="section-title">
          New Pools
        </h2>
        <div className="card token-strip__slider">
          <EmptyState title="No data found" />
        </div>
      </section>
      <section className="token-strip" aria-labelledby="all-tokens">
        <h2 id="all-tokens" className="section-title">
          All Tokens
        </h2>
        <DataTable caption="DEX tokens" columns={TOKEN_TABLE_COLUMNS} emptyText="No data found" />
      </section>
    </Page>
  );
}
