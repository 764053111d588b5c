import { useState } from 'react';
import { SelectField, TextField } from '@/components/ui/fields';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { DataTable } from '@/components/token-table/data-table';

export type PrivateSaleTab = 'active' | 'upcoming';

const TABS = [
  { value: 'active', label: 'Active' },
  { value: 'upcoming', label: 'Upcoming' },
] as const satisfies readonly { value: PrivateSaleTab; label: string }[];

export const PRIVATE_SALE_COLUMNS = [
  'Project Name',
  'Round',
  'Total Raised',
  'Pre-Valuation',
  'Categories',
  'Date',
] as const;

/** Private sales (/private-sale): Active and Upcoming tabs, search, round filter and table. */
export function PrivateSaleScreen({ initialTab = 'active' }: { initialTab?: PrivateSaleTab }) {
  const [tab, setTab] = useState<PrivateSaleTab>(initialTab);
  const [tokenName, setTokenName] = useState('');
  const [round, setRound] = useState('');

  return (
    <Page title="Private Sale" description="Active and upcoming funding rounds of crypto projects">
      <Tabs label="Private sale rounds" tabs={TABS} value={tab} onChange={setTab}>
        <div className="toolbar">
          <TextField
            label="Token name"
            type="search"
            value={tokenName}
            onChange={(event) => setTokenName(event.target.value)}
            placeholder="Search by token name"
          />
          <SelectField
            label="Round"
            value={round}
            onChange={(event) => setRound(event.target.value)}
            placeholder="Select a round"
            options={[{ value: 'all', label: 'All' }]}
          />
        </div>
        <DataTable
          caption={tab === 'active' ? 'Active private sales' : 'Upcoming private sales'}
          columns={PRIVATE_SALE_COLUMNS}
          emptyText="No data found"
        />
      </Tabs>
    </Page>
  );
}
