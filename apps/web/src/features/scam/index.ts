export { CheckScamScreen } from './check-scam-screen';
