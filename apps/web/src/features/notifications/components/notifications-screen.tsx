import { webRoutes } from '@vaultscope/core';
import { Link } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { ScreenLoader } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { selectIsLoggedIn, useSessionStore } from '@/stores/session-store';
import { useDismissNotification } from '../api/dismiss-notification';
import { useNotifications } from '../api/get-notifications';
import styles from './notifications.module.css';

export function NotificationsScreen() {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const { data: notifications = [], isPending, isError, refetch } = useNotifications();
  const dismiss = useDismissNotification();

  let body;
  if (!loggedIn) {
    body = (
      <EmptyState title="Log in to see your notifications." icon="🔔">
        <Link to={webRoutes.login}>Log in</Link>
      </EmptyState>
    );
  } else if (isPending) {
    body = <ScreenLoader label="Loading notifications" />;
  } else if (isError) {
    body = (
      <EmptyState title="Could not load notifications." icon="!">
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  } else if (notifications.length === 0) {
    body = <EmptyState title="No notifications" icon="🔔" />;
  } else {
    body = (
      <ul className={styles.page} aria-label="Notifications">
        {notifications.map((item) => (
          <li key={item.id} className={styles.pageItem}>
            <span className={styles.dot} aria-hidden="true" />
            <div className={styles.pageText}>
              <p className={styles.pageMessage}>{item.message}</p>
              <p className={styles.pageTime}>
                <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
              </p>
            </div>
            <button
              type="button"
              className={`icon-btn ${styles.pageDismiss}`}
              aria-label={`Dismiss: ${item.message}`}
              onClick={() =>
                dismiss.mutate(item.id, {
                  onError: (error) =>
                    toast.error(messageOf(error, 'Could not dismiss it. Try again.')),
                })
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page title="Notifications" description="Messages about your account.">
      <div className="card">{body}</div>
    </Page>
  );
}
