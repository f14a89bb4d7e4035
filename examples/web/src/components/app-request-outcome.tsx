import { useEffect } from 'react';
import { useBridgeRequest } from 'exkit/react';
import { useApp, useLiveActor } from '../app-context.js';
import { COMMAND_SAMPLES } from '../services/command-samples.js';
import { skippedText } from '../services/in-app.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';
import { ErrorText } from './outcome-view.js';

const [{ path, params }] = COMMAND_SAMPLES.requestAction;

/** A requestAction sent through the bridge-request machine (useBridgeRequest): its status, answer or error. */
export function AppRequestOutcome() {
  const { inApp } = useApp();
  const request = useBridgeRequest(path, params);
  const texts = useText();
  const t = texts.appRequestOutcome;
  useLiveActor('bridge-request', request.actor);
  // What the simulated app received shows on the page once the request has gone out and settled.
  useEffect(() => inApp.refresh(), [inApp, request.status]);
  if (request.status === 'pending') {
    return (
      <>
        {t.pending} <ActionButton action={() => request.cancel()}>{t.cancel}</ActionButton>
      </>
    );
  }
  if (request.status === 'success')
    return (
      <>
        {t.answered} <bdi dir="ltr">{JSON.stringify(request.data ?? null)}</bdi>
      </>
    );
  if (request.status === 'cancelled') return <>{t.cancelled}</>;
  if (request.status === 'skipped' && request.skip) return <>{skippedText(request.skip, texts.inApp)}</>;
  return <ErrorText error={request.error} />;
}
