export { LoginScreen } from './components/login-screen';
export { SignupScreen } from './components/signup-screen';
export { ForgotPasswordScreen } from './components/forgot-password-screen';
export { VerificationScreen } from './components/verification-screen';
export { ChangePasswordScreen } from './components/change-password-screen';
export { useLogout } from './use-logout';
