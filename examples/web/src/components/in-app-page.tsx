import { BridgeCommands } from './bridge-commands.js';
import { DeepLinkCatalogue } from './deep-link-catalogue.js';
import { InAppSwitch } from './in-app-switch.js';
import { ReceivedMessages } from './received-messages.js';

/** The bridge page: the in-app switch, the commands with their gating, deep links, and what the app received. */
export function InAppPage() {
  return (
    <div className="grid">
      <InAppSwitch />
      <ReceivedMessages />
      <DeepLinkCatalogue />
      <BridgeCommands />
    </div>
  );
}
