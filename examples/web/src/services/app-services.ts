// Everything the page builds once per load: the browser platform and exkit's services over it, the
// machines' actors, and the example's own glue (router, in-app switch, wire log, mark feed).
import {
  browserPlatform,
  createHttpClient,
  createPreferences,
  createSecurity,
  createSimulationMode,
  createTerminalCode,
  createTestCaptchaWidget,
} from 'exkit';
import type { ExkitServices } from 'exkit/react';
import {
  createCaptchaService,
  createRiskTokenService,
  createUiKit,
  currentMessageBox,
  signingInitMachine,
  simulationMachine,
  toastPlacements,
} from 'exkit/machines';
import { createActor } from 'xstate';
import { EMBEDDED_CERTIFICATE_PEM } from './certificate.js';
import { createInAppSession } from './in-app.js';
import { createLiveActors } from './live-actors.js';
import { startMarkFeed } from './mark-feed.js';
import { FEED_SYMBOLS, createPositionsBook } from './positions.js';
import { createRouter } from './router.js';
import { createWireLog } from './wire-log.js';

/** The key of the UI page's loading overlay (the panel it covers). */
export const LOADING_TARGET = 'ui-loading-panel';

/** Creates the page's services; called once by main.tsx. */
export function createAppServices() {
  const platform = browserPlatform();
  const preferences = createPreferences(platform);
  // The device fingerprint's terminal code goes on every call once computed (spec §S3).
  const terminalCode = createTerminalCode(platform);
  void terminalCode.get();
  const http = createHttpClient(platform, {
    baseUrl: new URL(platform.location.href).origin,
    providers: {
      locale: () => preferences.get().language,
      appTheme: () => (preferences.get().theme === 'white' ? 'standard' : 'dark'),
      terminalCode: () => terminalCode.current(),
    },
  });
  // The reference gateway also plays the device service, so one client serves both.
  const riskToken = createRiskTokenService(platform, { device: http });
  riskToken.install(http);
  const security = createSecurity(platform, { certificatePem: EMBEDDED_CERTIFICATE_PEM, http });
  // Installed after the security hooks, so it sees each request as it leaves: encrypted and signed.
  const wire = createWireLog();
  http.use(wire.hooks);
  const signingInit = createActor(signingInitMachine, { input: { security }, clock: platform.timers }).start();
  signingInit.send({ type: 'INIT' });

  // The test widget stands in for the third-party slider; the Account page shows its controls.
  const captchaWidget = createTestCaptchaWidget('manual');
  const captcha = createCaptchaService({
    http,
    widget: captchaWidget,
    locale: () => preferences.get().language,
    clock: platform.timers,
    errors: platform.errors,
  });
  const simulation = createActor(simulationMachine, {
    input: { simulation: createSimulationMode(platform) },
    clock: platform.timers,
  }).start();
  const ui = createUiKit(platform, { locale: () => preferences.get().language });
  const inApp = createInAppSession(platform);
  const router = createRouter(platform);
  const feed = startMarkFeed(platform, FEED_SYMBOLS);
  const positions = createPositionsBook();

  const live = createLiveActors();
  live.register('signing-init', signingInit);
  live.register('risk-token', riskToken.actor);
  live.register('simulation', simulation);
  live.register('toaster', ui.toaster);
  live.register('notifier', ui.notifier);
  live.register('message-box-queue', ui.messageBoxQueue);
  // Children of the overlay machines: the newest of each kind stays on its diagram after it closes.
  ui.toaster.subscribe((s) => live.register('toast', toastPlacements(s.context).at(-1)?.ref ?? live.actors.get().toast));
  ui.notifier.subscribe((s) => live.register('notification', s.context.items.at(-1)?.ref ?? live.actors.get().notification));
  ui.messageBoxQueue.subscribe((s) => live.register('message-box', currentMessageBox(s.context)?.ref ?? live.actors.get()['message-box']));
  ui.loading.subscribe(() => live.register('loading-overlay', ui.loading.get(LOADING_TARGET) ?? live.actors.get()['loading-overlay']));
  captcha.flows$.subscribe((flows) => {
    const newest = [...flows.values()].at(-1);
    if (newest) live.register('captcha', newest);
  });

  /** The services handed to exkit's hooks (the bridge is the in-app session's current one). */
  const exkitServices = (): ExkitServices => ({
    platform,
    http,
    preferences,
    security,
    riskToken,
    captcha,
    simulation,
    ui,
    bridge: inApp.state.get().bridge,
  });
  return {
    platform,
    preferences,
    terminalCode,
    riskToken,
    http,
    security,
    signingInit,
    wire,
    captcha,
    captchaWidget,
    simulation,
    ui,
    inApp,
    router,
    feed,
    positions,
    live,
    exkitServices,
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
