import { webRoutes } from '@vaultscope/core';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import styles from './legal.module.css';

export function TermsScreen() {
  const navigate = useNavigate();
  const leave = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(webRoutes.home);
  };

  return (
    <Page title="Terms and Conditions" visuallyHiddenTitle>
      <article className={`${styles.legal} card`}>
        <h2 className={styles.title}>Your Agreement</h2>
        <p className={styles.meta}>Last reviewed May 29, 2025</p>
        <p>
          By using Vaultscope you agree to these terms. Vaultscope is a research tool: the token
          lists, scores and scam analysis it shows are information, not financial advice. Crypto
          assets are volatile and you can lose all the money you put in them. Do your own research
          before you invest.
        </p>
        <p>
          You are responsible for keeping your account password and your wallet password secret, and
          for every action taken with them. Transactions sent from the wallet are final and cannot
          be reversed by Vaultscope.
        </p>
        <p>
          Do not use Vaultscope to break the law, to attack the service or other users, or to
          launder funds. We may suspend accounts that do. The service is provided as it is; we work
          to keep it available and correct, but we cannot promise that it is free of errors or
          interruptions.
        </p>
        <p>
          We may change these terms. When we do, we update the date above and, for important
          changes, tell you in the app before they apply.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={leave}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              toast.success('Thank you for accepting the terms.');
              void navigate(webRoutes.home);
            }}
          >
            Agree
          </Button>
        </div>
      </article>
    </Page>
  );
}
