// The service machines are built when their module loads (setup(...).createMachine(...)). A definition XState
// rejects (a missing initial state, a target that does not exist) throws there, before any test in a file that
// imports the module statically can run, so it would fail no test and go unnoticed; these tests import each module
// inside a test, so such a definition fails here, with XState's error.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';

describe('service machines: each module builds its machine when it loads', () => {
  it('bridge request: the machine bridgeRequest starts pending', async () => {
    const { bridgeRequestMachine } = await import('../../machines/bridge-request.machine.js');
    expect(bridgeRequestMachine.id).toBe('bridgeRequest');
    const bridge = { request: () => new Promise<never>(() => undefined) };
    const actor = createActor(bridgeRequestMachine, { input: { bridge, path: '/p' } }).start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.stop();
  });

  it('captcha: the machine captcha starts requesting', async () => {
    const { captchaMachine } = await import('../../machines/captcha.machine.js');
    expect(captchaMachine.id).toBe('captcha');
    expect(Object.keys(captchaMachine.root.states)).toStrictEqual(['requesting', 'challenging', 'verifying', 'passed', 'closed', 'failed']);
  });

  it('risk token: the machine riskToken has the status and refresh regions', async () => {
    const { riskTokenMachine } = await import('../../machines/risk-token.machine.js');
    expect(riskTokenMachine.id).toBe('riskToken');
    const actor = createActor(riskTokenMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).toStrictEqual({ status: 'notInitialised', refresh: 'idle' });
    actor.stop();
  });

  it('signing init: the machine signingInit starts not initialised', async () => {
    const { signingInitMachine } = await import('../../machines/signing-init.machine.js');
    expect(signingInitMachine.id).toBe('signingInit');
    const actor = createActor(signingInitMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).toBe('notInitialised');
    actor.stop();
  });

  it('simulation: the machine simulation has the off and on states', async () => {
    const { simulationMachine } = await import('../../machines/simulation.machine.js');
    expect(simulationMachine.id).toBe('simulation');
    expect(Object.keys(simulationMachine.root.states)).toStrictEqual(['starting', 'off', 'on']);
  });
});
