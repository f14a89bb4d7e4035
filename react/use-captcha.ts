import { useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import type { ChallengeRequest, CaptchaResult } from '../core/captcha/types.js';
import type { CaptchaFlowActor } from '../machines/captcha-service.js';
import { useExkitService } from './provider.js';

export interface UseCaptchaResult {
  /** Runs (or joins) the scene's captcha flow. */
  verify(params?: Omit<ChallengeRequest, 'scene'>): Promise<CaptchaResult>;
  /** The running flow's state, or 'idle' when none runs. */
  state: 'idle' | 'requesting' | 'challenging' | 'verifying' | 'passed' | 'closed' | 'failed';
}

/** The captcha flow of one scene (seed 001 §4). */
export function useCaptcha(scene: string): UseCaptchaResult {
  const service = useExkitService('captcha');
  const flow = useSyncExternalStore(
    (onChange) => {
      const sub = service.flows$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => service.flowOf(scene),
  );
  const state = useSelector(flow as CaptchaFlowActor | undefined, (s) => (s ? (s.value as UseCaptchaResult['state']) : 'idle'));
  const verify = useCallback((params?: Omit<ChallengeRequest, 'scene'>) => service.verify(scene, params), [service, scene]);
  return { verify, state: state ?? 'idle' };
}
