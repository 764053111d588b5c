import { SCENARIOS, type ScenarioName } from '@vaultscope/devnet';
import { PROBED_FIELDS } from '../scam/privilege-probe';

/**
 * Each corpus scenario with the privilege-probe fields its manifest scores and their expected
 * values (fields a scenario leaves unscored are absent), for `it.each`.
 */
export function expectedProbeFields(): (readonly [ScenarioName, Record<string, unknown>])[] {
  return SCENARIOS.map((scenario) => {
    const privileges = scenario.expected.privileges as Record<string, unknown>;
    const expected = Object.fromEntries(
      PROBED_FIELDS.filter((field) => field in privileges).map((field) => [
        field,
        privileges[field],
      ]),
    );
    return [scenario.name, expected] as const;
  });
}
