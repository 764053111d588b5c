import { webRoutes } from '@vaultscope/core';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';

/**
 * What a visitor without a session sees on a page that is per account (the wallet, the profile):
 * what logging in gives, and a Log in button.
 */
export function LogInPrompt({ title, icon }: { title: string; icon: string }) {
  return (
    <EmptyState title={title} icon={icon}>
      <Link to={webRoutes.login} className="btn btn--primary">
        Log in
      </Link>
    </EmptyState>
  );
}
