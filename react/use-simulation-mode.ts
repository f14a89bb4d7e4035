import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { simulationMachine } from '../machines/simulation.machine.js';
import { useExkitService } from './provider.js';
import { useAppActorView } from './hydration.js';

const isOn = (snapshot: SnapshotFrom<typeof simulationMachine>) => snapshot.matches('on');
const isOff = () => false;

export interface UseSimulationModeResult {
  on: boolean;
  turnOn(locale?: string): void;
  turnOff(): void;
}

/** Simulation-trading mode: whether it is on, and the switches (spec §S4). */
export function useSimulationMode(): UseSimulationModeResult {
  const actor = useExkitService('simulation');
  // Off on the server and while hydrating (a server render reads no visitor's flag), then the actor's own state.
  const on = useAppActorView(actor, isOn, isOff);
  return {
    on,
    turnOn: (locale) => actor.send({ type: 'TURN_ON', locale }),
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
