import { webRoutes } from '@vaultscope/core';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';

/** Spec section 2: what /PS-detail says when it is opened without project data. */
export const NO_COIN_DATA_TEXT = 'Invalid request. No coin data available.';

function hasProject(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && 'id' in state && 'apiData' in state);
}

/**
 * Private-sale detail (/PS-detail). It is opened from a private-sale row with the project in the
 * navigation state; the project view itself arrives with the private-sale issue.
 */
export function PrivateSaleDetailScreen() {
  const location = useLocation();
  const known = hasProject(location.state);
  return (
    <Page title="Private sale project">
      <div className="card">
        <EmptyState title={known ? 'No data found' : NO_COIN_DATA_TEXT} icon="!">
          <Link to={webRoutes.privateSale}>Browse private sales</Link>
        </EmptyState>
      </div>
    </Page>
  );
}
