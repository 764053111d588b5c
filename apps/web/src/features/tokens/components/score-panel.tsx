import {
  EVM_FEATURE_LISTS,
  evmKeyRiskRows,
  featureDisplay,
  ratingForScore,
  riskLevelColour,
  SOLANA_FEATURE_LIST,
  solanaDetailRows,
  type DetailRow,
  type Flag,
  type SecurityReport,
} from '@vaultscope/core';
import styles from './score-panel.module.css';

/**
 * The score panel of the token detail (spec section 4): stars, label and colour from
 * `totalScore`, the risk level in its colour, then the report rows: for EVM tokens the six
 * yes/no rows and the two-column feature table, for Solana tokens the nine Solana rows. Every
 * rule comes from `@vaultscope/core`.
 */
export function ScorePanel({ totalScore, riskLevel }: { totalScore: number; riskLevel: string }) {
  const rating = ratingForScore(totalScore);
  return (
    <section
      className={`card card--padded ${styles.panel}`}
      aria-labelledby="score-title"
      data-testid="score-panel"
      data-colour={rating.colour}
    >
      <h2 id="score-title" className="section-title">
        Score
      </h2>
      <div className={styles.body}>
        <p className={styles.score}>
          <span className={styles.number}>{totalScore}%</span>
          <span className="visually-hidden"> total score</span>
        </p>
        <div>
          <p
            className={styles.stars}
            role="img"
            aria-label={`${rating.stars} out of 5 stars`}
            data-stars={rating.stars}
          >
            {'★'.repeat(rating.stars)}
            <span className={styles.starsOff}>{'★'.repeat(5 - rating.stars)}</span>
          </p>
          <p className={styles.label}>{rating.label}</p>
          <p className={styles.risk}>
            Risk level:{' '}
            <strong
              className={styles.riskLevel}
              data-colour={riskLevelColour(riskLevel)}
              data-testid="risk-level"
            >
              {riskLevel}
            </strong>
          </p>
        </div>
      </div>
    </section>
  );
}

function RowIcon({ good }: { good: boolean | null }) {
  if (good === null) {
    return (
      <span className={`${styles.icon} ${styles.unknown}`} aria-label="unknown" role="img">
        ?
      </span>
    );
  }
  return good ? (
    <span className={`${styles.icon} ${styles.good}`} aria-label="good" role="img">
      ✓
    </span>
  ) : (
    <span className={`${styles.icon} ${styles.bad}`} aria-label="risk" role="img">
      ✕
    </span>
  );
}

function CheckRows({ rows, label, testId }: { rows: DetailRow[]; label: string; testId: string }) {
  return (
    <ul className={styles.rows} aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <li key={row.id} className={styles.row} data-good={String(row.good)}>
          <RowIcon good={row.good} />
          <span className={styles.rowLabel}>{row.label}</span>
          <span className={styles.rowValue}>{row.display}</span>
        </li>
      ))}
    </ul>
  );
}

/** The six yes/no rows and the two-column feature table of an EVM token. */
export function EvmReport({ report }: { report: SecurityReport }) {
  return (
    <>
      <section className="card card--padded" aria-labelledby="key-risks-title">
        <h2 id="key-risks-title" className="section-title">
          Key risks
        </h2>
        <CheckRows rows={evmKeyRiskRows(report)} label="Key risks" testId="evm-key-rows" />
      </section>
      <section className="card card--padded" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          Contract features
        </h2>
        <div className={styles.features} data-testid="feature-table">
          {EVM_FEATURE_LISTS.map((list, index) => (
            <FeatureTable
              key={index}
              report={report}
              entries={list}
              caption={`Contract features, column ${index + 1} of ${EVM_FEATURE_LISTS.length}`}
            />
          ))}
        </div>
      </section>
    </>
  );
}

/** The nine rows of a Solana token. */
export function SolanaReport({
  report,
  trustedToken,
}: {
  report: SecurityReport;
  trustedToken: Flag;
}) {
  return (
    <section className="card card--padded" aria-labelledby="solana-title">
      <h2 id="solana-title" className="section-title">
        Solana checks
      </h2>
      <CheckRows
        rows={solanaDetailRows(report, trustedToken)}
        label="Solana checks"
        testId="solana-rows"
      />
      {/* The mint's Token-2022 and metadata powers, when the report's source read them. */}
      {SOLANA_FEATURE_LIST.some((entry) => report[entry.id] !== null) && (
        <FeatureTable
          report={report}
          entries={SOLANA_FEATURE_LIST}
          caption="Mint powers"
          testId="solana-powers"
        />
      )}
    </section>
  );
}

/** A column of features, each its label and what the report says of it. */
function FeatureTable({
  report,
  entries,
  caption,
  testId,
}: {
  report: SecurityReport;
  entries: readonly { id: Parameters<typeof featureDisplay>[1]; label: string }[];
  caption: string;
  testId?: string;
}) {
  return (
    <table className={styles.column} data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <th scope="row">{entry.label}</th>
            <td>{featureDisplay(report, entry.id)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
