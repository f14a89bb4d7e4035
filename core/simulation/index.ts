export {
  SIMULATION_ALLOWED_PATHS,
  SIMULATION_LANDING_PATH,
  SIMULATION_FUTURES_PATH,
  FUTURES_PATH_PREFIX,
  isFuturesPath,
  isSimulationAllowedPath,
  splitPagePath,
  withLocalePrefix,
} from './paths.js';
export { createSimulationMode, SIMULATION_FLAG_KEY } from './simulation-mode.js';
export type { SimulationMode, SimulationModeOptions } from './simulation-mode.js';
