export { LoginScreen } from './components/login-screen';
export { useLogout } from './use-logout';
