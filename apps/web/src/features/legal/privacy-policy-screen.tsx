import { Page } from '@/components/ui/page';
import styles from './legal.module.css';

const SECTIONS: Array<{ title: string; paragraphs: string[] }> = [
  {
    title: '1. Data we collect',
    paragraphs: [
      'When you create an account we collect your first and last name, email address, mobile number, country and a password. We store the password only as a one-way hash; nobody at Vaultscope can read it.',
      'When you use Vaultscope we record the tokens and projects you add to your watch list, the notifications we send you, and basic technical data needed to run the service, such as the time of a request and its result.',
      'If you use the wallet, we keep the public addresses of your wallets, your transaction records and your encrypted private keys (see section 3).',
    ],
  },
  {
    title: '2. How we use your data',
    paragraphs: [
      'We use your data to run your account, to show your watch list and wallet, to send you the emails you ask for (for example a password-reset code) and to keep the service secure, for instance by limiting repeated failed log-ins.',
      'We do not sell your data and we do not use it for advertising. Token research data (prices, pools, scam analysis) is about tokens, not about you.',
    ],
  },
  {
    title: '3. Custody of wallet keys',
    paragraphs: [
      'Vaultscope offers a custodial wallet. Your private keys are encrypted at rest with AES-256-GCM under a key derived from your wallet password with a memory-hard key-derivation function. The wallet password is separate from your account password.',
      'Private keys are never written to logs, never sent in a response and never shared with anyone. They exist in plain form only briefly in memory, to sign a transaction you asked for.',
      'Because the keys are protected by your wallet password, keep that password safe. Transactions on a blockchain are irreversible once submitted.',
    ],
  },
  {
    title: '4. Cookies and browser storage',
    paragraphs: [
      'Vaultscope does not use advertising or tracking cookies. The app keeps your session token, your user id and your settings in your browser’s local storage so you stay logged in. If you tick “Remember me”, we also store your email address there, never your password.',
      'You can remove all of this at any time by logging out or by clearing your browser’s site data.',
    ],
  },
  {
    title: '5. Sharing',
    paragraphs: [
      'We share data only with the services needed to run Vaultscope, such as the email provider that delivers your reset codes and the blockchain networks that receive the transactions you send. Transactions you broadcast are public on their blockchain by nature.',
      'We disclose data to authorities only when the law requires it, and we tell you when we are allowed to.',
    ],
  },
  {
    title: '6. Security',
    paragraphs: [
      'Passwords are hashed with a modern, memory-hard algorithm, sessions can be revoked, and repeated failed log-ins and reset attempts are throttled. The app ships a strict Content-Security-Policy that loads nothing from third-party origins.',
      'No system is perfectly secure. If we learn of a breach that affects your data, we will tell you without undue delay.',
    ],
  },
  {
    title: '7. Your rights',
    paragraphs: [
      'You can see and correct your profile data on the My Profile page at any time. You can ask us for a copy of the data we hold about you, or ask us to delete your account and its data, subject to records we must keep by law.',
      'Deleting your account cannot recover funds left in the wallet: move them out first.',
    ],
  },
  {
    title: '8. Contact',
    paragraphs: [
      'Questions about this policy or your data: write to privacy@vaultscope.app. We answer within 30 days.',
      'We may update this policy; the date of the last change is shown on this page and important changes are announced in the app.',
    ],
  },
];

export function PrivacyPolicyScreen() {
  return (
    <Page title="Privacy Policy" visuallyHiddenTitle>
      <article className={`${styles.legal} card`}>
        <p className={styles.lead}>
          This policy explains what Vaultscope collects, why, and the choices you have. Last updated
          May 29, 2025.
        </p>
        {SECTIONS.map((section) => (
          <section key={section.title} className={styles.section}>
            <h2 className={styles.heading}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </Page>
  );
}
