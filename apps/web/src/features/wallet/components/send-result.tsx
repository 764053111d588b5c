import { cutValue, findChain, sentTitle, type SendResult } from '@vaultscope/core';
import { Button } from '@/components/ui/button';
import { copyWithToast } from '../lib/clipboard';
import { openableLink } from '../lib/links';
import { DetailList, type DetailRow } from './detail-list';
import styles from './send-result.module.css';
import frame from './wallet-dialog.module.css';

/**
 * The result view 'Transaction History' (spec section 2): title (Sent ETH… or Sent ERC20/SPL),
 * to, from, network, value (cut over 26 characters), hash, copy and inspect.
 */
export function SendResultView({
  titleId,
  result,
  onClose,
}: {
  titleId: string;
  result: SendResult;
  onClose: () => void;
}) {
  const link = openableLink(result.link);
  const rows: DetailRow[] = [
    ['To', result.to, true],
    ['From', result.from, true],
    ['Network', findChain(result.chainId)?.name ?? String(result.chainId), false],
    ['Value', `${cutValue(result.value)} ${result.symbol}`, false],
    ['Hash', result.hash, true],
  ];
  return (
    <div className={styles.result} data-testid="send-result">
      <h2 id={titleId} className={`dialog__title ${frame.title}`}>
        Transaction History
      </h2>
      <p className={styles.title}>
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        {sentTitle(result.chainId, result.type)}
        {result.status !== 'confirmed' && <span className="badge">{result.status}</span>}
      </p>
      <DetailList rows={rows} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copyWithToast(result.hash)}>
          Copy hash to clipboard
        </Button>
        {link && (
          <a className="btn btn--primary" href={link} target="_blank" rel="noopener noreferrer">
            Inspect Transaction
          </a>
        )}
      </div>
      <div className="dialog__actions">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
