import { useCallback } from 'react';
import type { RiskTokenKind } from '../core/security/risk-token/index.js';
import type { RiskTokenStatus } from '../machines/risk-token.machine.js';
import type { RiskTokenState } from '../machines/risk-token-service.js';
import { useExkitService } from './provider.js';
import { useActorSelector } from './use-actor-selector.js';

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

/** The provider's risk token (seed 001 §4): its status, token kind and last error, and a refresh. */
export function useRiskToken(): UseRiskTokenResult {
  const service = useExkitService('riskToken');
  const status = useActorSelector(service.actor, (s) => (s.value as { status: RiskTokenStatus }).status);
  const kind = useActorSelector(service.actor, (s) => s.context.token?.kind);
  const pending = useActorSelector(service.actor, (s) => !s.matches({ refresh: 'idle' }));
  const lastError = useActorSelector(service.actor, (s) => s.context.error);
  const refresh = useCallback(() => service.refresh(), [service]);
  return { status, kind, pending, lastError, refresh };
}
