export { ProfileScreen } from './components/profile-screen';
