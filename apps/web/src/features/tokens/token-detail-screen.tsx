import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import './tokens.css';

/** Spec section 2: the text shown while a token's details are not available. */
export const DETAILS_PENDING_TEXT =
  "No worries, we're updating the details and they'll be available for you shortly!.";

/**
 * Token detail frame for /details/:tokenAddress and /newdetail/:tokenAddress. The score panel
 * and security report arrive with the token-detail issue.
 */
export function TokenDetailScreen({ variant }: { variant: 'details' | 'newdetail' }) {
  const { tokenAddress = '' } = useParams();
  const [search] = useSearchParams();
  const chainName = search.get('chainName');
  const checkScam = search.get('checkScam') === 'true';

  return (
    <Page
      title={checkScam ? 'Scam check' : 'Token details'}
      description={variant === 'newdetail' ? 'New pool token' : undefined}
    >
      <dl className="token-facts card">
        <div>
          <dt>Token address</dt>
          <dd className="mono token-facts__address">{tokenAddress}</dd>
        </div>
        {chainName && (
          <div>
            <dt>Chain</dt>
            <dd>{chainName}</dd>
          </div>
        )}
      </dl>
      <div className="card">
        <EmptyState title={DETAILS_PENDING_TEXT} icon="⏳" />
      </div>
    </Page>
  );
}
