import type { EngineVerdicts } from '@vaultscope/core';
import { DataTable } from '@/components/ui/data-table';
import styles from './engine-verdicts-panel.module.css';

/** How the engines are named on screen; an engine not listed shows its id. */
const ENGINE_LABELS: Record<string, string> = {
  analyzer: 'Vaultscope analyzer',
  goplus: 'GoPlus',
  'honeypot-is': 'Honeypot.is',
  rugcheck: 'RugCheck',
  snapshot: 'Snapshot',
};

const engineLabel = (engine: string) => ENGINE_LABELS[engine] ?? engine;

/** `is_open_source` → `Is open source`; `dexDetails` → `Dex details`. */
function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Why the combined report took the answer it took, in a few words. */
const BASIS_TEXT: Record<EngineVerdicts['fields'][number]['basis'], string> = {
  unknown: 'no engine knows',
  only: 'only one knows',
  agree: 'all agree',
  trade: 'a trade outweighs a reading',
  riskier: 'the riskier answer',
  precedence: 'the first engine',
};

/**
 * Each engine's verdict per field, side by side (issue 10): one column per engine, the rows
 * where they disagree marked, and which answer the score used and why. Rendered only when more
 * than one engine judged the token; with one, the page shows its report as before.
 */
export function EngineVerdictsPanel({ verdicts }: { verdicts: EngineVerdicts }) {
  const disagreements = verdicts.fields.filter((row) => row.disagree).length;
  return (
    <section className="card card--padded" aria-labelledby="engine-verdicts-title">
      <h2 id="engine-verdicts-title" className={styles.title}>
        What each engine says
      </h2>
      <p className={styles.summary} data-testid="engine-disagreements">
        {disagreements === 0
          ? `${verdicts.engines.length} engines judged this token and agree where they overlap.`
          : `${verdicts.engines.length} engines judged this token; they disagree on ${disagreements} ${
              disagreements === 1 ? 'field' : 'fields'
            }. The score uses the riskier answer unless a trade says otherwise.`}
      </p>
      <DataTable
        caption="Each engine's verdict per field"
        columns={['Field', ...verdicts.engines.map(engineLabel), 'Score uses']}
        loading={false}
        emptyText="No engine knows any field."
        rowCount={verdicts.fields.length}
        skeletonRows={0}
        className={styles.table}
        testId="engine-verdicts"
      >
        {verdicts.fields.map((row) => (
          <tr key={row.field} data-disagree={row.disagree || undefined}>
            <th scope="row">
              {fieldLabel(row.field)}
              {row.disagree && <span className={styles.badge}>Disagree</span>}
            </th>
            {row.answers.map((answer, i) => (
              <td
                key={verdicts.engines[i]}
                data-chosen={verdicts.engines[i] === row.chosen || undefined}
              >
                {answer}
              </td>
            ))}
            <td>
              {row.chosen ? engineLabel(row.chosen) : '-'}
              <span className={styles.basis}> ({BASIS_TEXT[row.basis]})</span>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
