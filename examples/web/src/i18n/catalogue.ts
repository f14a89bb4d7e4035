// The example's interface texts: every section (one per component or service that shows text), in every
// interface language. Add a section in ./sections/ and list it here; TypeScript refuses a translation that
// misses a key, and test/examples/ui-text.test.ts refuses one that is empty or left in English.
import { amountInputDemo } from './sections/amount-input-demo.js';
import { appRequestOutcome } from './sections/app-request-outcome.js';
import { bridgeCommandRow } from './sections/bridge-command-row.js';
import { bridgeCommands } from './sections/bridge-commands.js';
import { buttonDemo } from './sections/button-demo.js';
import { captchaPanel } from './sections/captcha-panel.js';
import { commandSamples } from './sections/command-samples.js';
import { deepLinkCatalogue } from './sections/deep-link-catalogue.js';
import { deepLinkForm } from './sections/deep-link-form.js';
import { diagramsPage } from './sections/diagrams-page.js';
import { dialogDemo } from './sections/dialog-demo.js';
import { failureDemo } from './sections/failure-demo.js';
import { forms } from './sections/forms.js';
import { inApp } from './sections/in-app.js';
import { inAppSwitch } from './sections/in-app-switch.js';
import { linkPlayground } from './sections/link-playground.js';
import { loadingDemo } from './sections/loading-demo.js';
import { localePanel } from './sections/locale-panel.js';
import { loginForm } from './sections/login-form.js';
import { markTicker } from './sections/mark-ticker.js';
import { messageBoxDemo } from './sections/message-box-demo.js';
import { nav } from './sections/nav.js';
import { notificationDemo } from './sections/notification-demo.js';
import { outcomeView } from './sections/outcome-view.js';
import { pageBoundary } from './sections/page-boundary.js';
import { pages } from './sections/pages.js';
import { positionsTable } from './sections/positions-table.js';
import { preferencesPanel } from './sections/preferences-panel.js';
import { receivedMessages } from './sections/received-messages.js';
import { registerForm } from './sections/register-form.js';
import { richTextPlayground } from './sections/rich-text-playground.js';
import { riskTokenStatus } from './sections/risk-token-status.js';
import { sessionPanel } from './sections/session-panel.js';
import { shell } from './sections/shell.js';
import { signedCalls } from './sections/signed-calls.js';
import { signingStatus } from './sections/signing-status.js';
import { simulationPanel } from './sections/simulation-panel.js';
import { spotPlanPanel } from './sections/spot-plan-panel.js';
import { statusBar } from './sections/status-bar.js';
import { toastDemo } from './sections/toast-demo.js';
import { wireLog } from './sections/wire-log.js';
import { UI_LANGUAGES } from './text-types.js';
import type { Translation, UiLanguage } from './text-types.js';

/** Every section, by the name components read it under. */
export const SECTIONS = {
  amountInputDemo,
  appRequestOutcome,
  bridgeCommandRow,
  bridgeCommands,
  buttonDemo,
  captchaPanel,
  commandSamples,
  deepLinkCatalogue,
  deepLinkForm,
  diagramsPage,
  dialogDemo,
  failureDemo,
  forms,
  inApp,
  inAppSwitch,
  linkPlayground,
  loadingDemo,
  localePanel,
  loginForm,
  markTicker,
  messageBoxDemo,
  nav,
  notificationDemo,
  outcomeView,
  pageBoundary,
  pages,
  positionsTable,
  preferencesPanel,
  receivedMessages,
  registerForm,
  richTextPlayground,
  riskTokenStatus,
  sessionPanel,
  shell,
  signedCalls,
  signingStatus,
  simulationPanel,
  spotPlanPanel,
  statusBar,
  toastDemo,
  wireLog,
} as const;

type Sections = typeof SECTIONS;

/** The interface texts of one language: each section's translation. */
export type Texts = { readonly [K in keyof Sections]: Translation<Sections[K]['en']> };

const built = new Map<UiLanguage, Texts>(
  UI_LANGUAGES.map((language) => [
    language,
    Object.fromEntries(Object.entries(SECTIONS).map(([name, texts]) => [name, texts[language]])) as unknown as Texts,
  ]),
);

/** The interface language for a site locale: Arabic for 'ar', English otherwise. */
export function uiLanguage(locale: string): UiLanguage {
  const language = locale.split('-')[0]!.toLowerCase();
  return (UI_LANGUAGES as readonly string[]).includes(language) ? (language as UiLanguage) : 'en';
}

/** The interface texts for a site locale. */
export function textsFor(locale: string): Texts {
  return built.get(uiLanguage(locale))!;
}
