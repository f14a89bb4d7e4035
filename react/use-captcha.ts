import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ChallengeRequest, CaptchaResult } from '../core/captcha/types.js';
import { useExkitService } from './provider.js';

export interface UseCaptchaResult {
  /** Runs (or joins) the scene's captcha flow. */
  verify(params?: Omit<ChallengeRequest, 'scene'>): Promise<CaptchaResult>;
  /** The running flow's state, or 'idle' when none runs. */
  state: 'idle' | 'requesting' | 'challenging' | 'verifying' | 'passed' | 'closed' | 'failed';
}

const idle = (): UseCaptchaResult['state'] => 'idle';

/** The captcha flow of one scene (spec §S4). */
export function useCaptcha(scene: string): UseCaptchaResult {
  const service = useExkitService('captcha');
  // One subscription: to the service's flows, and through it to the scene's flow while one runs.
  const store = useMemo(() => {
    const read = (): UseCaptchaResult['state'] =>
      (service.flowOf(scene)?.getSnapshot().value as UseCaptchaResult['state'] | undefined) ?? 'idle';
    const subscribe = (onChange: () => void) => {
      let flowSub: { unsubscribe(): void } | undefined;
      const follow = () => {
        flowSub?.unsubscribe();
        flowSub = service.flowOf(scene)?.subscribe({ next: onChange, error: onChange, complete: onChange });
        onChange();
      };
      const flows = service.flows$.subscribe(follow);
      follow();
      return () => {
        flows.unsubscribe();
        flowSub?.unsubscribe();
      };
    };
    return { read, subscribe };
  }, [service, scene]);
  // No flow runs in a server render: 'idle' there and while hydrating.
  const state = useSyncExternalStore(store.subscribe, store.read, idle);
  const verify = useCallback((params?: Omit<ChallengeRequest, 'scene'>) => service.verify(scene, params), [service, scene]);
  return { verify, state };
}
