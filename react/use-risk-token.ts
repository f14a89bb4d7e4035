import { useCallback } from 'react';
import type { RiskTokenKind } from '../core/security/risk-token/index.js';
import type { RiskTokenStatus } from '../machines/risk-token.machine.js';
import { riskTokenState } from '../machines/risk-token.service.js';
import type { RiskTokenState } from '../machines/risk-token.service.js';
import { useExkitService } from './provider.js';
import { shallowEqual, useActorSelector } from './use-actor-selector.js';

export interface UseRiskTokenResult {
  status: RiskTokenStatus;
  /** Whether the held token is a success or a demoted one; undefined while none is held. */
  kind: RiskTokenKind | undefined;
  /** Whether a refresh is in flight. */
  pending: boolean;
  /** Why the last refresh failed, until one succeeds. */
  lastError: unknown;
  /** Refreshes now (joining a refresh in flight); resolves when it settles. */
  refresh(): Promise<RiskTokenState>;
}

/** The provider's risk token (spec §S4): its status, token kind and last error, and a refresh. */
export function useRiskToken(): UseRiskTokenResult {
  const service = useExkitService('riskToken');
  // One subscription to the service's own view of the machine, re-rendering when one of its fields changes.
  const state = useActorSelector(service.actor, riskTokenState, shallowEqual);
  const refresh = useCallback(() => service.refresh(), [service]);
  return { status: state.status, kind: state.kind, pending: state.pending, lastError: state.error, refresh };
}
