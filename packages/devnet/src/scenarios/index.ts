export { scenarioArtifacts, type ScenarioContractName } from './artifacts';
export {
  deployScenario,
  SCENARIO_OPERATOR,
  tokenAbi as scenarioTokenAbi,
  type DeployedScenario,
  type DeployScenarioOptions,
  type ScenarioClient,
} from './deploy';
export {
  CODE_FIELDS,
  DEFAULT_SCENARIO_SUPPLY,
  PRIVILEGE_FIELDS,
  SCENARIOS,
  scenarioByName,
  TAX_TOLERANCE,
  TRADING_FIELDS,
  type CodeField,
  type ExpectedField,
  type PrivilegeField,
  type Scenario,
  type ScenarioContext,
  type ScenarioExpectation,
  type ScenarioName,
  type TradingField,
} from './manifest';
export {
  deployScenarioWithPool,
  type DeployedScenarioWithPool,
  type ScenarioPoolOptions,
} from './scenario-pools';
