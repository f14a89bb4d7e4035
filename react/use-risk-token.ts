import { useCallback } from 'react';
import type { RiskTokenKind } from '../core/security/risk-token/index.js';
import type { RiskTokenStatus } from '../machines/risk-token.machine.js';
import { riskTokenState } from '../machines/risk-token.service.js';
import type { RiskTokenState } from '../machines/risk-token.service.js';
import { useExkitService } from './provider.js';
import { useAppActorView } from './hydration.js';

const SERVER_RISK_TOKEN_STATE: RiskTokenState = {
  status: 'notInitialised',
  token: undefined,
  kind: undefined,
  expiresAt: undefined,
  pending: false,
  error: undefined,
};
const serverRiskTokenState = () => SERVER_RISK_TOKEN_STATE;

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
  // One subscription to the service's own view of the machine, re-rendering when one of its fields changes. The
  // server renders no token (it reads no visitor's cookie), and so does the client until hydration is over.
  const state = useAppActorView(service.actor, riskTokenState, serverRiskTokenState);
  const refresh = useCallback(() => service.refresh(), [service]);
  return { status: state.status, kind: state.kind, pending: state.pending, lastError: state.error, refresh };
}
