import {
  chainFamilyOf,
  explainScan,
  findChain,
  scamMessages,
  type ExplainedField,
  type TokenDetailResponse,
  type TokenScanInfo,
} from '@vaultscope/core';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-time';
import { useRescanToken } from '../api/rescan';
import styles from './scan-evidence-panel.module.css';

const STATUS_WORDS: Record<ExplainedField['status'], string> = {
  risk: 'Risk',
  unknown: 'Not known',
  ok: 'Checked',
  info: 'Read',
};

/** `12,345,678`: block numbers read better grouped. */
const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Why the score is what it is: every flag of the analyzer's report with its evidence in plain
 * words (core's `explainScan`, rules as data), risks first, then what could not be measured and
 * why, then what was checked and found clean (folded). Shows the block and time of the scan and
 * a Re-scan button; while a re-scan runs the detail polls (see `useTokenDetail`) and this says so.
 */
export function ScanEvidencePanel({
  detail,
  scan,
}: {
  detail: Pick<TokenDetailResponse, 'tokenAddress' | 'chainName' | 'tokenDetails'>;
  scan: TokenScanInfo;
}) {
  const rescan = useRescanToken(detail.tokenAddress, detail.chainName);
  const fields = explainScan(detail.tokenDetails, scan.evidence, chainFamilyOf(detail.chainName), {
    decimals: scan.decimals,
  });
  const open = fields.filter((field) => field.status === 'risk' || field.status === 'unknown');
  const folded = fields.filter((field) => field.status === 'ok' || field.status === 'info');
  const chainName = findChain(scan.chainId)?.name ?? `chain ${scan.chainId}`;
  const working = scan.rescanning || rescan.isPending;

  return (
    <section
      className={`card card--padded ${styles.panel}`}
      aria-labelledby="scan-title"
      data-testid="scan-panel"
    >
      <div className={styles.head}>
        <h2 id="scan-title" className="section-title">
          Why this score
        </h2>
        <Button
          variant="secondary"
          busy={working}
          onClick={() =>
            rescan.mutate(undefined, {
              onError: (error) => toast.error(messageOf(error, scamMessages.rescanFailed)),
            })
          }
        >
          Re-scan
        </Button>
      </div>
      <p className={styles.meta} data-testid="scan-meta">
        Scanned by the Vaultscope analyzer at block{' '}
        <span className="mono">{groupDigits(scan.blockNumber)}</span> of {chainName} on{' '}
        <time dateTime={scan.scannedAt}>{formatDateTime(scan.scannedAt)}</time>.
        {working && (
          <span className={styles.working} role="status">
            {' '}
            Re-scanning…
          </span>
        )}
      </p>
      {open.length > 0 && <FieldList fields={open} label="Findings" testId="scan-findings" />}
      {folded.length > 0 && (
        <details className={styles.clean}>
          <summary>Checked and found clean ({folded.length})</summary>
          <FieldList fields={folded} label="Checked and found clean" testId="scan-clean" />
        </details>
      )}
    </section>
  );
}

function FieldList({
  fields,
  label,
  testId,
}: {
  fields: ExplainedField[];
  label: string;
  testId: string;
}) {
  return (
    <ul className={styles.fields} aria-label={label} data-testid={testId}>
      {fields.map((field) => (
        <li
          key={field.field}
          className={styles.field}
          data-field={field.field}
          data-status={field.status}
        >
          <p>
            <span className={styles.status}>{STATUS_WORDS[field.status]}</span>{' '}
            <strong>{field.label}</strong>: {field.display}
          </p>
          {field.reasons.length > 0 && (
            <ul className={styles.reasons}>
              {field.reasons.map((reason, index) => (
                <li key={index}>{reason}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
