export { NotificationBell } from './components/notification-bell';
export { NotificationsScreen } from './components/notifications-screen';
