import { webRoutes } from '@vaultscope/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { timeAgo } from '@/lib/format';
import { selectIsLoggedIn, useSessionStore } from '@/stores/session-store';
import { useNotifications } from '../api/get-notifications';
import { BellIcon } from '@/components/icons';
import styles from './notifications.module.css';

/**
 * The bell of the top bar: a dropdown (at most 320 px tall) of the user's notifications, with
 * 'See all' to /Notification. Outside click, Escape and See all close it.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const navigate = useNavigate();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const { data: notifications = [], isPending, isError, refetch } = useNotifications();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function toggle() {
    setOpen((value) => !value);
    if (!open && loggedIn) void refetch();
  }

  function seeAll() {
    setOpen(false);
    void navigate(webRoutes.notifications);
  }

  const count = loggedIn ? notifications.length : 0;

  return (
    <div className={styles.bell} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`icon-btn ${styles.button}`}
        aria-label={count > 0 ? `Notifications (${count})` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <BellIcon />
        {count > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {count > 9 ? '9+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className={styles.panel}
          data-testid="bell-panel"
          role="region"
          aria-labelledby={titleId}
        >
          <p className={styles.title} id={titleId}>
            Notifications
          </p>
          <div className={styles.list} data-testid="notification-dropdown">
            {!loggedIn ? (
              <p className={styles.empty}>Log in to see your notifications.</p>
            ) : isPending ? (
              <p className={styles.empty}>
                <Spinner /> Loading…
              </p>
            ) : isError ? (
              <p className={`${styles.empty} ${styles.emptyError}`}>
                Could not load notifications.
              </p>
            ) : notifications.length === 0 ? (
              <p className={styles.empty}>No notifications</p>
            ) : (
              <ul className={styles.items}>
                {notifications.map((item) => (
                  <li key={item.id} className={styles.item}>
                    <span className={styles.dot} aria-hidden="true" />
                    <span>
                      <span className={styles.message}>{item.message}</span>
                      <span className={styles.time}>{timeAgo(item.createdAt)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <button
            type="button"
            className={`btn btn--secondary btn--block ${styles.seeAll}`}
            onClick={seeAll}
          >
            See all
          </button>
        </div>
      )}
    </div>
  );
}
