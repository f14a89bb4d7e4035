export { createNativeHostSimulator } from './native-host-simulator.js';
export type {
  NativeHostSimulator,
  NativeHostSimulatorOptions,
  SimulatedAnswer,
  SimulatedBehaviour,
  ReceivedMessage,
} from './native-host-simulator.js';
