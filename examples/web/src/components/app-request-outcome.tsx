import { useEffect } from 'react';
import { useBridgeRequest } from 'exkit/react';
import { useApp, useLiveActor } from '../app-context.js';
import { describeError } from '../services/account.js';
import { COMMAND_SAMPLES } from '../services/command-samples.js';
import { skippedText } from '../services/in-app.js';
import { ActionButton } from './action-button.js';

const [{ path, params }] = COMMAND_SAMPLES.requestAction;

/** A requestAction sent through the bridge-request machine (useBridgeRequest): its status, answer or error. */
export function AppRequestOutcome() {
  const { inApp } = useApp();
  const request = useBridgeRequest(path, params);
  useLiveActor('bridge-request', request.actor);
  // What the simulated app received shows on the page once the request has gone out and settled.
  useEffect(() => inApp.refresh(), [inApp, request.status]);
  if (request.status === 'pending') {
    return (
      <>
        pending… <ActionButton action={() => request.cancel()}>cancel</ActionButton>
      </>
    );
  }
  if (request.status === 'success') return <>answered {JSON.stringify(request.data ?? null)}</>;
  if (request.status === 'cancelled') return <>cancelled</>;
  if (request.status === 'skipped' && request.skip) return <>{skippedText(request.skip)}</>;
  return <>{describeError(request.error)}</>;
}
