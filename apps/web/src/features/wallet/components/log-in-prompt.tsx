import { webRoutes } from '@vaultscope/core';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';

/** What a visitor without a session sees on a wallet page: the wallet is per account. */
export function LogInPrompt() {
  return (
    <div className="card">
      <EmptyState title="Log in to use the wallet." icon="◆">
        <Link to={webRoutes.login} className="btn btn--primary">
          Log in
        </Link>
      </EmptyState>
    </div>
  );
}
