import type { Bridge } from '../core/bridge/create-bridge.js';
import { useExkitService } from './provider.js';

/** The provider's bridge: in-app flag, app version, host platform, and every command call. */
export function useBridge(): Bridge {
  return useExkitService('bridge');
}
