import { findChain, walletMessages } from '@vaultscope/core';
import { useState } from 'react';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { ApiError, messageOf } from '@/lib/api-client';
import { useTestFunds } from '../api/faucet';
import { isNotConnected, useGoToConnect } from '../lib/not-connected';

/**
 * The server answers 404 where it runs no local chains (production), and that does not change
 * while the app is open: once seen, the button stays away for the rest of the visit.
 */
let faucetMissing = false;

/** 'Get test funds' on local chains: native coin and the devnet tokens for `chainId`. */
export function FaucetButton({ chainId }: { chainId: number | undefined }) {
  const [missing, setMissing] = useState(faucetMissing);
  const testFunds = useTestFunds();
  const goToConnect = useGoToConnect();
  if (missing || chainId === undefined) return null;
  const chainName = findChain(chainId)?.name ?? `chain ${chainId}`;

  return (
    <Button
      variant="ghost"
      busy={testFunds.isPending}
      title={`Send test funds to this wallet on ${chainName} (local chains only)`}
      onClick={() =>
        testFunds.mutate(chainId, {
          onSuccess: () => toast.success(`${walletMessages.faucetDone} (${chainName})`),
          onError: (error) => {
            if (error instanceof ApiError && error.status === 404) {
              faucetMissing = true;
              setMissing(true);
              toast.info(walletMessages.faucetUnavailable);
            } else if (isNotConnected(error)) {
              goToConnect();
            } else {
              toast.error(messageOf(error, walletMessages.faucetUnavailable));
            }
          },
        })
      }
    >
      Get test funds
    </Button>
  );
}
