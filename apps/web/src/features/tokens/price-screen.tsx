import { useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import './tokens.css';

/** Price page frame (/price/:tokenAddress), opened from a CEX price cell. */
export function PriceScreen() {
  const { tokenAddress = '' } = useParams();
  return (
    <Page title="Price" description="Market price of a centralized-exchange token">
      <dl className="token-facts card">
        <div>
          <dt>Token</dt>
          <dd className="mono token-facts__address">{tokenAddress}</dd>
        </div>
      </dl>
      <div className="card">
        <EmptyState title="No data found" />
      </div>
    </Page>
  );
}
