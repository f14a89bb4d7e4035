import { useEffect } from 'react';
import { useExkitService } from './provider.js';
import { useActorSelector } from './use-actor-selector.js';

export interface UseSimulationModeResult {
  on: boolean;
  turnOn(locale?: string): void;
  turnOff(): void;
}

/** Simulation-trading mode: whether it is on, and the switches (spec §S4). */
export function useSimulationMode(): UseSimulationModeResult {
  const actor = useExkitService('simulation');
  const on = useActorSelector(actor, (s) => s.matches('on'));
  return {
    on,
    turnOn: (locale) => actor.send(locale === undefined ? { type: 'TURN_ON' } : { type: 'TURN_ON', locale }),
    turnOff: () => actor.send({ type: 'TURN_OFF' }),
  };
}

/** Tells simulation mode about each page the router shows, so disallowed pages redirect while it is on. */
export function useSimulationGuard(pathname: string): void {
  const actor = useExkitService('simulation');
  useEffect(() => {
    actor.send({ type: 'NAVIGATE', path: pathname });
  }, [actor, pathname]);
}
