import { useState } from 'react';
import { AppRequestOutcome } from './app-request-outcome.js';
import { BridgeCommandRow } from './bridge-command-row.js';

/** The requestAction row: each send mounts a fresh useBridgeRequest, so it runs on the current bridge. */
export function AppRequestRow() {
  const [sends, setSends] = useState(0);
  return (
    <BridgeCommandRow command="requestAction" onSend={() => setSends((n) => n + 1)}>
      {sends > 0 ? <AppRequestOutcome key={sends} /> : null}
    </BridgeCommandRow>
  );
}
