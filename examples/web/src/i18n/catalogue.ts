// The example's interface texts: every section (one per component or service that shows text), in every
// interface language. Add a section in ./sections/ and list it here; TypeScript refuses a translation that
// misses a key, and test/examples/ui-text.test.ts refuses one that is empty or left in English.
import { appRequestOutcome } from './sections/app-request-outcome.js';
import { captchaPanel } from './sections/captcha-panel.js';
import { localePanel } from './sections/locale-panel.js';
import { messageBoxDemo } from './sections/message-box-demo.js';
import { nav } from './sections/nav.js';
import { outcomeView } from './sections/outcome-view.js';
import { pageBoundary } from './sections/page-boundary.js';
import { pages } from './sections/pages.js';
import { preferencesPanel } from './sections/preferences-panel.js';
import { riskTokenStatus } from './sections/risk-token-status.js';
import { sessionPanel } from './sections/session-panel.js';
import { shell } from './sections/shell.js';
import { signedCalls } from './sections/signed-calls.js';
import { signingStatus } from './sections/signing-status.js';
import { simulationPanel } from './sections/simulation-panel.js';
import { statusBar } from './sections/status-bar.js';
import { wireLog } from './sections/wire-log.js';
import { UI_LANGUAGES } from './text-types.js';
import type { Translation, UiLanguage } from './text-types.js';

/** Every section, by the name components read it under. */
export const SECTIONS = {
  appRequestOutcome,
  captchaPanel,
  localePanel,
  messageBoxDemo,
  nav,
  outcomeView,
  pageBoundary,
  pages,
  preferencesPanel,
  riskTokenStatus,
  sessionPanel,
  shell,
  signedCalls,
  signingStatus,
  simulationPanel,
  statusBar,
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
