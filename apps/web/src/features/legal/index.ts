export { PrivacyPolicyScreen } from './privacy-policy-screen';
export { TermsScreen } from './terms-screen';
