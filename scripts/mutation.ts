// Mutation testing with StrykerJS, one area at a time, and the report docs/test-strength.md.
//   npm run mutation -- validate           mutate core/validate, keep its summary, rewrite docs/test-strength.md
//   npm run mutation -- validate futures   several areas, one after the other
//   npm run mutation -- --report           rewrite docs/test-strength.md from the kept summaries only
// Runs are incremental (reports/stryker-incremental/<area>.json, not committed): a second run re-tests only the
// mutants whose code or covering tests changed. Each area's summary is kept in docs/test-strength/<area>.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { experimental_getRunnerTask, type Reporter, type RunnerTestCase, type TestModule } from 'vitest/node';

const root = resolve(import.meta.dirname, '..');

/** The areas, each with the files Stryker mutates (index files only re-export). */
export const AREAS: Record<string, string[]> = {
  // core/content, split so each run stays under 10 minutes: its allow-lists are static mutants, and each of those
  // runs the whole suite.
  'content-href': ['core/content/sanitize-href.ts'],
  'content-rich-text': ['core/content/sanitize-rich-text.ts'],
  'content-style': ['core/content/sanitize-style.ts'],
  'content-amount': ['core/content/sanitize-amount.ts'],
  'content-links': [
    'core/content/link-attributes.ts',
    'core/content/open-safe-link.ts',
    'core/content/logger.ts',
    'core/content/list-cache.ts',
  ],
  validate: ['core/validate/**/*.ts', '!core/validate/index.ts'],
  // core/futures (1,426 mutants, every one covered by the slow exact-oracle and property tests) in four parts,
  // so that each first run stays within 10 minutes; together they are every file but index.ts.
  'futures-risk': [
    'core/futures/liquidation-price.ts',
    'core/futures/margin.ts',
    'core/futures/margin-tiers.ts',
    'core/futures/break-even-price.ts',
    'core/futures/fees.ts',
  ],
  'futures-exact': ['core/futures/exact.ts', 'core/futures/futures-decimal.ts'],
  'futures-core': [
    'core/futures/errors.ts',
    'core/futures/position-input.ts',
    'core/futures/position-readers.ts',
    'core/futures/contract.ts',
    'core/futures/pnl.ts',
    'core/futures/roe.ts',
    'core/futures/average-open-price.ts',
  ],
  'futures-display': ['core/futures/format.ts', 'core/futures/prepared-position.ts', 'core/futures/spot-order.ts'],
  // The security files for signing, encryption and the terminal code, in three parts for the same reason:
  // bytes.ts is under every signing and encryption test, so its mutants are the dearest and run on their own.
  'security-signing': ['core/security/core-signing.ts', 'core/security/request-params.ts', 'core/security/sign-config.ts'],
  'security-bytes': ['core/security/bytes.ts'],
  'security-keys': ['core/security/login-encryption.ts', 'core/security/client-keys.ts', 'core/security/fingerprint/terminal-code.ts'],
  'http-params': ['core/http/clean-params.ts'],
  // The UI machines in two halves, so each run stays within ten minutes.
  // The UI machines (about 930 mutants, most of them static) in two: the popup, the loading overlay and the button,
  // and the toasts.
  'machines-ui': ['machines/popup.machine.ts', 'machines/loading-overlay.machine.ts', 'machines/button.machine.ts'],
  'machines-ui-toasts': ['machines/toast.machine.ts', 'machines/toaster.machine.ts'],
  'machines-ui-notices': [
    'machines/notification.machine.ts',
    'machines/notifier.machine.ts',
    'machines/message-box.machine.ts',
    'machines/message-box-queue.machine.ts',
  ],
  // One area per service machine: most of a machine's mutants are static (its definition is built when the module
  // loads), and each static mutant runs every test, so even one machine is a long run.
  'machines-services-bridge': ['machines/bridge-request.machine.ts'],
  'machines-services-captcha': ['machines/captcha.machine.ts'],
  'machines-services-risk-token': ['machines/risk-token.machine.ts'],
  'machines-services-signing-init': ['machines/signing-init.machine.ts'],
  'machines-services-simulation': ['machines/simulation.machine.ts'],
  // The HTTP redirect and cookie rules and the bridge transport, each on its own: small files under many tests.
  'http-redirect': ['core/http/redirect.ts'],
  'http-cookies': ['core/http/cookie-hooks.ts'],
  'bridge-transport': ['core/bridge/transport.ts'],
  // The HTTP client (about 900 mutants, each under the loopback-server tests) in five line ranges, so each first run
  // stays within 10 minutes: its module-level option checks, the ky set-up with its hooks, the headers, bodies and
  // reading of replies, the checking of a call's arguments, and the calls (whose mutants that hang a call cost a
  // timeout each).
  'http-client-options': ['core/http/client.ts:1-300'],
  'http-client-setup': ['core/http/client.ts:301-388'],
  'http-client-replies': ['core/http/client.ts:389-536'],
  'http-client-prepare': ['core/http/client.ts:537-616'],
  'http-client-calls': ['core/http/client.ts:617-'],
  'http-support': [
    'core/http/body-text.ts',
    'core/http/constants.ts',
    'core/http/errors.ts',
    'core/http/events.ts',
    'core/http/messages.ts',
    'core/http/request-context.ts',
    'core/http/serialize.ts',
    'core/http/types.ts',
    'core/http/wire-path.ts',
    'core/http/cookie-date.ts',
  ],
  // The bridge (about 600 mutants, each under the native-host tests) in two: the bridge object with its errors and
  // result codes, and the wire protocol, commands and detection.
  'bridge-core': ['core/bridge/create-bridge.ts', 'core/bridge/errors.ts', 'core/bridge/constants.ts', 'core/bridge/result-codes.ts'],
  'bridge-protocol': ['core/bridge/commands.ts', 'core/bridge/protocol.ts', 'core/bridge/detect.ts'],
  'bridge-links': ['core/bridge/deep-links.ts', 'core/bridge/deep-link-targets.ts', 'core/bridge/testing/native-host-simulator.ts'],
  'content-errors': ['core/content/errors.ts'],
  // The layout bounds (about 640 mutants under the rich-text tests) in two line ranges: reading a value into its
  // parts, with the rendering of rich text; and the rules for each property.
  'content-layout': ['core/content/style-bounds.ts:1-202', 'core/content/render-rich-text.ts'],
  'content-layout-rules': ['core/content/style-bounds.ts:203-'],
  'content-amount-field': ['core/content/amount-field.ts', 'core/content/graphemes.ts'],
  // The session (about 480 mutants under the slow security tests) in two: the security object with its clock and
  // events, and the request hooks with the session binding they apply.
  'security-session': ['core/security/security.ts', 'core/security/server-clock.ts', 'core/security/security-events.ts'],
  'security-request-hooks': ['core/security/request-hooks.ts', 'core/security/session-binding.ts'],
  // RSA and the server's key (about 500 mutants under the slow security tests) in two.
  'security-rsa': ['core/security/rsa-engine.ts', 'core/security/constants.ts', 'core/security/errors.ts'],
  'security-server-key': ['core/security/server-key.ts', 'core/security/sign-errors.ts'],
  // The fingerprint (about 620 mutants) in two: the sources it reads, and how their readings are put together.
  'security-fingerprint': [
    'core/security/fingerprint/canonical-json.ts',
    'core/security/fingerprint/constants.ts',
    'core/security/fingerprint/errors.ts',
    'core/security/fingerprint/fingerprint-options.ts',
    'core/security/fingerprint/fingerprinter.ts',
    'core/security/fingerprint/terminal-code-hash.ts',
    'core/security/fingerprint/types.ts',
  ],
  'security-fingerprint-sources': [
    'core/security/fingerprint/collect-fingerprint.ts',
    'core/security/fingerprint/run-source.ts',
    'core/security/fingerprint/screen-frame.ts',
    'core/security/fingerprint/source-*.ts',
  ],
  'security-risk-token': ['core/security/risk-token/*.ts'],
  catalog: ['core/catalog/*.ts'],
  captcha: ['core/captcha/*.ts'],
  platform: ['core/platform/*.ts'],
  ui: ['core/ui/*.ts'],
  'core-small': ['core/csp-report/*.ts', 'core/errors/*.ts', 'core/image-hosts/*.ts', 'core/locale-links/*.ts'],
  'core-settings': ['core/preferences/*.ts', 'core/referral/*.ts', 'core/simulation/*.ts', 'core/storage/*.ts', 'core/theme/*.ts'],
  'machines-connect': ['machines/*.connect.ts', 'machines/connect-checks.ts', 'machines/props.ts', 'machines/fields.ts'],
  // The machines' public API in two (about 580 mutants, each under the hostile-event tests): the toast, loading
  // and message-box APIs; and the UI kit with its effects, the app host and the error events.
  'machines-api': ['machines/loading.api.ts', 'machines/message-box.api.ts', 'machines/toast.api.ts'],
  'machines-effects': [
    'machines/ui-effects.ts',
    'machines/ui-kit.ts',
    'machines/app-host.ts',
    'machines/error-events.ts',
    'machines/errors.ts',
  ],
  'machines-services': ['machines/captcha.service.ts', 'machines/risk-token.service.ts'],
  'machines-inspector': ['machines/inspector/*.ts', 'machines/diagram/*.ts'],
  // React: mutated under the jsdom tests (vitest.mutation.dom.config.ts), which are the ones that render it.
  // The hooks in two halves (about 250 mutants each), so each run stays within 10 minutes: the UI kit's hooks, and
  // those of the services and the bridge.
  'react-hooks-ui': [
    'react/use-ui-host.ts',
    'react/use-ui.ts',
    'react/use-loading.ts',
    'react/use-toaster.ts',
    'react/use-notifications.ts',
    'react/use-message-box.ts',
    'react/use-dialog.ts',
    'react/use-measured-height.ts',
    'react/use-button.ts',
  ],
  'react-hooks-services': [
    'react/use-amount-input.ts',
    'react/use-bridge.ts',
    'react/use-bridge-request.ts',
    'react/use-captcha.ts',
    'react/use-native-event.ts',
    'react/use-preferences.ts',
    'react/use-risk-token.ts',
    'react/use-signing-init.ts',
    'react/use-simulation-mode.ts',
  ],
  'react-components': ['react/*.tsx', 'react/errors.ts', 'react/normalize-props.ts', 'react/hydration.ts'],
  // The inspector in two halves (about 400 mutants each): the panel with its texts, and the diagram's rendering and
  // viewport.
  'react-inspector-panel': [
    'react/inspector/machine-inspector.tsx',
    'react/inspector/use-inspector.ts',
    'react/inspector/inspector-texts.ts',
  ],
  'react-inspector-diagram': [
    'react/inspector/diagram-viewport.tsx',
    'react/inspector/render-diagram.ts',
    'react/inspector/inspector-styles.ts',
  ],
};

/** The tests that drive the UI machines' public API, the UI kit and its effects, hostile events included. */
const UI_MACHINE_API_TESTS = [
  'test/machines/ui-kit.test.ts',
  'test/machines/ui-exports-contract.test.ts',
  'test/machines/ui-machines-load.test.ts',
  'test/machines/actors-survive.test.ts',
  'test/machines/toaster.machine.test.ts',
  'test/machines/loading-overlay.machine.test.ts',
  'test/machines/message-box.machine.test.ts',
];

/** The tests every UI machine shares: hostile event sequences, each machine loading on its own, and the UI kit. */
const UI_MACHINE_TESTS = ['test/machines/actors-survive.test.ts', 'test/machines/ui-machines-load.test.ts', 'test/machines/ui-kit.test.ts'];

/** The tests every service machine shares: hostile event sequences, and each machine loading on its own. */
const SERVICE_MACHINE_TESTS = ['test/machines/service-actors-survive.test.ts', 'test/machines/service-machines-load.test.ts'];

/**
 * Areas measured over their own folder's tests rather than every test that imports them: their modules sit under
 * the HTTP client or the bridge, which nearly every test loads, so a run over all of those (each static mutant runs
 * every one) takes far longer than 10 minutes here. Their score is what these tests alone kill: a lower bound.
 */
export const AREA_TESTS: Readonly<Record<string, readonly string[]>> = {
  'http-redirect': ['test/core/http/**/*.test.ts'],
  'http-cookies': ['test/core/http/**/*.test.ts'],
  'bridge-transport': ['test/core/bridge/**/*.test.ts'],
  // The catalogue's message, language and currency tables are static mutants (92 % of its 630), and the HTTP
  // client and the settings load the catalogue, so each table mutant ran hundreds of test files: hours here. Its
  // own tests check every table entry.
  catalog: ['test/core/catalog/**/*.test.ts'],
  // The captcha API is under the HTTP client's tests and every service machine's: the dry run alone took 6.5
  // minutes of the whole node suite, and its static mutants ran hundreds of files each (hours in all). The script
  // loader and the GeeTest adapter need a DOM: their jsdom test names its environment, so it runs here too.
  captcha: ['test/core/captcha/**/*.test.ts', 'test/machines/captcha.machine.test.ts', 'test/dom/captcha-script-loader.test.ts'],
  // The layer stack, focus trap and scroll lock are loaded by every UI machine's tests; these are the tests that
  // drive them directly (the UI kit, the connectors, the overlay and the toaster).
  ui: [
    'test/core/ui/**/*.test.ts',
    'test/machines/ui-kit.test.ts',
    'test/machines/ui-connect.test.ts',
    'test/machines/loading-overlay.machine.test.ts',
    'test/machines/toaster.machine.test.ts',
  ],
  // ExkitError and the callback guard are under every test in the suite: each of their static mutants would run
  // all of it.
  'core-small': [
    'test/core/csp-report/**/*.test.ts',
    'test/core/errors/**/*.test.ts',
    'test/core/image-hosts/**/*.test.ts',
    'test/core/locale-links/**/*.test.ts',
  ],
  // The HTTP client and its support modules are under the security, captcha, bridge and machine tests as well: their
  // own folder's tests drive every option, hook and error of the client against a loopback server.
  'http-client-options': ['test/core/http/**/*.test.ts'],
  'http-client-setup': ['test/core/http/**/*.test.ts'],
  'http-client-replies': ['test/core/http/**/*.test.ts'],
  'http-client-prepare': ['test/core/http/**/*.test.ts'],
  'http-client-calls': ['test/core/http/**/*.test.ts'],
  'http-support': ['test/core/http/**/*.test.ts'],
  // The bridge is loaded by the machines and the React bindings; its own tests drive it through the native host.
  'bridge-core': ['test/core/bridge/**/*.test.ts'],
  'bridge-protocol': ['test/core/bridge/**/*.test.ts'],
  'bridge-links': ['test/core/bridge/**/*.test.ts'],
  // Rich-text layout is loaded by every rich-text test, the generated ones included (minutes each per static mutant).
  'content-layout': ['test/core/content/rich-text-layout.test.ts', 'test/core/content/sanitize-rich-text.test.ts'],
  'content-layout-rules': ['test/core/content/rich-text-layout.test.ts', 'test/core/content/sanitize-rich-text.test.ts'],
  'content-style': ['test/core/content/sanitize-style.test.ts', 'test/core/content/rich-text-layout.test.ts'],
  // The amount sanitiser is loaded with core/content by every content test (the generated rich-text ones take
  // minutes per static mutant); these are the tests that read amounts, directly and through the amount field.
  // The inspector's English texts are one module-level table (static mutants, each run under every test that loads
  // them): the panel is measured over the panel's tests, which check each text against docs/inspector.md, and the
  // diagram over the viewport's and renderer's.
  'react-inspector-panel': [
    'test/react/inspector-texts.test.tsx',
    'test/react/inspector/machine-inspector.test.tsx',
    'test/react/inspector/use-inspector.test.tsx',
  ],
  'react-inspector-diagram': [
    'test/react/inspector/diagram-viewport.test.tsx',
    'test/react/inspector/render-diagram.test.ts',
    'test/react/inspector/inspector-styles.test.ts',
    'test/react/inspector-texts.test.tsx',
  ],
  'content-amount': [
    'test/core/content/sanitize-amount.test.ts',
    'test/core/content/amount-field.test.ts',
    'test/core/futures/huge-input.test.ts',
    'test/contract/named-defects.test.ts',
  ],
  // The security layer sits under the HTTP client's users; its own folder holds the gateway and e2e tests.
  'security-session': ['test/core/security/*.test.ts'],
  // The key store's type checks ran as static mutants across every test that loads the security layer: 16 minutes.
  'security-keys': ['test/core/security/*.test.ts', 'test/core/security/fingerprint/*.test.ts'],
  'security-request-hooks': ['test/core/security/*.test.ts'],
  'security-rsa': ['test/core/security/*.test.ts'],
  'security-server-key': ['test/core/security/*.test.ts'],
  'security-fingerprint': ['test/core/security/fingerprint/**/*.test.ts'],
  'security-fingerprint-sources': ['test/core/security/fingerprint/**/*.test.ts'],
  'security-risk-token': [
    'test/core/security/risk-token/**/*.test.ts',
    'test/machines/risk-token.machine.test.ts',
    'test/machines/risk-token.service.test.ts',
  ],
  // The platform adapters are under every service; their own tests, node and jsdom, drive each one.
  platform: [
    'test/core/platform/**/*.test.ts',
    'test/dom/browser-platform.test.ts',
    'test/dom/platform-timers.test.ts',
    'test/dom/storage-faults.test.ts',
    'test/dom/cookie-faults.test.ts',
  ],
  'core-settings': [
    'test/core/preferences/**/*.test.ts',
    'test/core/referral/**/*.test.ts',
    'test/core/simulation/**/*.test.ts',
    'test/core/storage/**/*.test.ts',
    'test/core/theme/**/*.test.ts',
  ],
  // The connectors, the UI kit and the machines' shared helpers are loaded by every machine test; these are the tests
  // that drive them.
  'machines-connect': [
    'test/machines/ui-connect.test.ts',
    'test/machines/popup.machine.dom.test.ts',
    'test/machines/message-box.machine.dom.test.ts',
    'test/machines/ui-kit.test.ts',
  ],
  // The UI machines are exported through machines/index.ts, which the contract and React tests load: their own
  // tests, the hostile runs and the loading checks drive every state.
  'machines-ui': [
    'test/machines/popup.machine.test.ts',
    'test/machines/loading-overlay.machine.test.ts',
    'test/machines/button.machine.test.ts',
    ...UI_MACHINE_TESTS,
  ],
  'machines-ui-toasts': ['test/machines/toast.machine.test.ts', 'test/machines/toaster.machine.test.ts', ...UI_MACHINE_TESTS],
  'machines-ui-notices': ['test/machines/notification.machine.test.ts', 'test/machines/message-box.machine.test.ts', ...UI_MACHINE_TESTS],
  'machines-api': UI_MACHINE_API_TESTS,
  'machines-effects': UI_MACHINE_API_TESTS,
  'machines-services': [
    'test/machines/risk-token.service.test.ts',
    'test/machines/captcha.machine.test.ts',
    'test/machines/service-actors-survive.test.ts',
    'test/machines/service-machines-load.test.ts',
  ],
  'machines-inspector': ['test/machines/inspector.test.ts', 'test/machines/to-mermaid.test.ts'],
  // Each service machine is exported through machines/index.ts, which some twenty test files load (the contract
  // tests among them): each static mutant of its definition ran all of them. Its own tests drive every state.
  'machines-services-bridge': ['test/machines/bridge-request.machine.test.ts', ...SERVICE_MACHINE_TESTS],
  'machines-services-captcha': ['test/machines/captcha.machine.test.ts', ...SERVICE_MACHINE_TESTS],
  'machines-services-risk-token': [
    'test/machines/risk-token.machine.test.ts',
    'test/machines/risk-token.service.test.ts',
    ...SERVICE_MACHINE_TESTS,
  ],
  'machines-services-signing-init': ['test/machines/signing-init.machine.test.ts', ...SERVICE_MACHINE_TESTS],
  'machines-services-simulation': ['test/machines/simulation.machine.test.ts', ...SERVICE_MACHINE_TESTS],
};

/** The areas whose files only the jsdom tests reach: Stryker runs them over vitest.mutation.dom.config.ts. */
export const DOM_AREAS: ReadonlySet<string> = new Set([
  'react-hooks-ui',
  'react-hooks-services',
  'react-components',
  'react-inspector-panel',
  'react-inspector-diagram',
]);

/** Where the modules live; every one of them (index files aside, which only re-export) belongs to one area. */
const SOURCE_ROOTS = ['core', 'machines', 'react'];

/** Every module of core/, machines/ and react/ that an area must hold: .ts and .tsx files, index files aside. */
export function sourceModules(base = root): string[] {
  return SOURCE_ROOTS.flatMap((dir) =>
    readdirSync(join(base, dir), { recursive: true, encoding: 'utf8' })
      .map((entry) => `${dir}/${entry.replaceAll('\\', '/')}`)
      .filter((path) => /\.tsx?$/.test(path) && !/(^|\/)index\.ts$/.test(path)),
  ).sort();
}

/** A pattern of AREAS as a regular expression: `*` within one folder, `**\/` any folders. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:[^/]+/)*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * One pattern of AREAS: a path or glob, and for a plain path an optional range of lines, `path:first-last`, or
 * `path:first-` to the end of the file. A file split into ranges belongs to each area that holds one of them.
 */
export function parsePattern(pattern: string): { path: string; lines?: { first: number; last: number } } {
  const range = /^(.*):(\d+)-(\d*)$/.exec(pattern);
  if (!range) return { path: pattern };
  return { path: range[1]!, lines: { first: Number(range[2]), last: range[3] ? Number(range[3]) : Infinity } };
}

/** A pattern as Stryker's --mutate takes it: an open range ends at the last line any file could have. */
export function strykerPattern(pattern: string): string {
  const { path, lines } = parsePattern(pattern);
  if (!lines) return pattern;
  return `${path}:${lines.first}-${lines.last === Infinity ? Number.MAX_SAFE_INTEGER : lines.last}`;
}

/** The files an area's patterns name among `modules`: globs and plain paths, less the `!path` exclusions. */
export function areaFiles(patterns: readonly string[], modules: readonly string[] = sourceModules()): string[] {
  const files = new Set<string>();
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      const excluded = patternRegExp(pattern.slice(1));
      for (const file of files) if (excluded.test(file)) files.delete(file);
    } else if (pattern.includes('*')) {
      const included = patternRegExp(pattern);
      for (const file of modules) if (included.test(file)) files.add(file);
    } else files.add(parsePattern(pattern).path);
  }
  return [...files].sort();
}

/**
 * The modules no area holds, and those two areas hold: both must be empty. A module split into line ranges must
 * be split whole: its ranges start at line 1, follow one another with no gap or overlap, and the last runs to the
 * end (`path:first-`); a gap counts as unassigned, an overlap as in two areas.
 */
export function areaGaps(modules: readonly string[] = sourceModules()): { unassigned: string[]; inTwoAreas: string[] } {
  return areaGapsOf(AREAS, modules);
}

/** areaGaps over any table of areas. */
export function areaGapsOf(
  areas: Readonly<Record<string, readonly string[]>>,
  modules: readonly string[],
): { unassigned: string[]; inTwoAreas: string[] } {
  const owners = new Map<string, { area: string; lines?: { first: number; last: number } }[]>();
  for (const [area, patterns] of Object.entries(areas)) {
    const ranges = new Map(
      patterns
        .map(parsePattern)
        .filter((p) => p.lines)
        .map((p) => [p.path, p.lines]),
    );
    for (const file of areaFiles(patterns, modules)) owners.set(file, [...(owners.get(file) ?? []), { area, lines: ranges.get(file) }]);
  }
  const unassigned = modules.filter((file) => !owners.has(file));
  const inTwoAreas: string[] = [];
  for (const [file, held] of owners) {
    if (held.some((h) => !h.lines)) {
      if (held.length > 1) inTwoAreas.push(`${file} (${held.map((h) => h.area).join(', ')})`);
      continue;
    }
    const ranges = held.map((h) => ({ area: h.area, ...h.lines! })).sort((a, b) => a.first - b.first);
    let next = 1;
    for (const range of ranges) {
      if (range.first > next) unassigned.push(`${file}:${next}-${range.first - 1}`);
      if (range.first < next) inTwoAreas.push(`${file}:${range.first}-${next - 1} (${range.area} and the range before it)`);
      next = Math.max(next, range.last + 1);
    }
    if (next !== Infinity) unassigned.push(`${file}:${next}-`);
  }
  return { unassigned, inTwoAreas };
}

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number } };
}

export interface AreaSummary {
  area: string;
  date: string;
  commit: string;
  files: { path: string; score: number; killed: number; survived: number; noCoverage: number; timeout: number; ignored: number }[];
  score: number;
  /** Mutants marked equivalent in the source (Stryker disable comments), with the reason written there. */
  equivalent: { path: string; line: number; mutator: string; reason: string }[];
  /** What still survives, so the next run knows where to look. */
  survivors: { path: string; line: number; mutator: string; replacement: string }[];
  /** How long the run took, and the machine's 1-minute load average when it started (the goal: within 10 minutes). */
  seconds?: number;
  loadAtStart?: number;
  /** Whether that run started without an incremental file (every mutant tested), or re-tested only what changed. */
  firstRun?: boolean;
  /** The test files the run was limited to (AREA_TESTS), when it was. */
  tests?: string[];
  /** The last run of the area that started without an incremental file: its time, load and commit. */
  lastFirstRun?: { seconds: number; loadAtStart?: number; commit: string };
}

const pct = (killed: number, valid: number) => (valid === 0 ? 100 : Math.round((killed / valid) * 1000) / 10);

/**
 * Reads Stryker's JSON report into the summary kept in docs/test-strength/. Stryker leaves out a file it found
 * nothing to mutate in (one of `as const` tables only, say); each such file of `mutated` is listed with no mutants.
 */
export function summarise(
  area: string,
  report: { files: Record<string, { mutants: Mutant[] }> },
  commit: string,
  date: string,
  mutated: readonly string[] = [],
): AreaSummary {
  const files: AreaSummary['files'] = [];
  const equivalent: AreaSummary['equivalent'] = [];
  const survivors: AreaSummary['survivors'] = [];
  let killedAll = 0;
  let validAll = 0;
  const reported = { ...Object.fromEntries(mutated.map((path) => [path, { mutants: [] as Mutant[] }])), ...report.files };
  for (const [path, { mutants }] of Object.entries(reported).sort(([a], [b]) => a.localeCompare(b))) {
    const count = (status: string) => mutants.filter((m) => m.status === status).length;
    const killed = count('Killed') + count('Timeout');
    const valid = killed + count('Survived') + count('NoCoverage');
    killedAll += killed;
    validAll += valid;
    files.push({
      path,
      score: pct(killed, valid),
      killed: count('Killed'),
      timeout: count('Timeout'),
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
      ignored: count('Ignored'),
    });
    for (const m of mutants) {
      const where = { path, line: m.location.start.line, mutator: m.mutatorName };
      if (m.status === 'Ignored') equivalent.push({ ...where, reason: m.statusReason ?? '' });
      if (m.status === 'Survived' || m.status === 'NoCoverage') survivors.push({ ...where, replacement: m.replacement ?? '' });
    }
  }
  return { area, date, commit, files, score: pct(killedAll, validAll), equivalent, survivors };
}

/** The name of the failed test the import guard adds to a test file that did not load. */
export const LOAD_FAILURE_TEST = 'the test file loads';

/** One test file that did not load, as the import guard logs it. */
export interface LoadFailure {
  /** Stryker's phase: 'dry-run' (no mutant active) or 'mutant'. */
  mode: string;
  /** The active mutant's id in a mutant run. */
  mutant?: string;
  file: string;
  message: string;
}

/**
 * A Vitest reporter for mutation runs. Stryker's Vitest runner judges a mutant by the tests it finds, and a test file
 * that fails to load has none: a static mutant that makes a module throw while it loads would be reported as
 * survived, and a broken test file would leave its mutants looking uncovered. The guard gives each such file one
 * failed test carrying the load error, so Stryker sees a failure (the mutant is killed; the dry run fails), and logs
 * each case to the file EXKIT_MUTATION_LOAD_LOG names, which runArea checks against the report.
 */
export class LoadFailureGuard implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    for (const module of testModules) {
      const errors = module.errors();
      if (errors.length === 0) continue;
      const file = experimental_getRunnerTask(module);
      const message = errors.map((e) => e.message).join('\n');
      const failed = {
        type: 'test',
        id: `${file.id}_load`,
        name: LOAD_FAILURE_TEST,
        mode: 'run',
        file,
        suite: file,
        meta: {},
        timeout: 0,
        annotations: [],
        artifacts: [],
        context: {},
        result: { state: 'fail', errors, duration: 0 },
      } as unknown as RunnerTestCase;
      file.tasks.push(failed);
      const log = process.env.EXKIT_MUTATION_LOAD_LOG;
      if (log) {
        const provided = module.project.getProvidedContext() as { mode?: string; activeMutant?: string };
        const entry: LoadFailure = { mode: provided.mode ?? 'unknown', file: module.moduleId, message };
        if (provided.mode === 'mutant' && provided.activeMutant !== undefined) entry.mutant = provided.activeMutant;
        appendFileSync(log, `${JSON.stringify(entry)}\n`);
      }
    }
  }
}

/**
 * A test file Vitest was still loading when Stryker closed that test runner (at the end of the run, or to replace a
 * runner after a timeout): Vite refuses the pending request with this message, and the runner's context is gone, so
 * no mode is known. Its result is discarded with the runner; it says nothing about the test file.
 */
export function isTeardown(failure: LoadFailure): boolean {
  return failure.mode === 'unknown' && failure.message === 'The server is being restarted or closed. Request is outdated';
}

/**
 * What the load log means for a finished run: a test file that failed to load without a mutant active is broken (the
 * run fails), and every mutant under which a test file failed to load must be reported killed, never survived.
 * Returns the ids of the mutants killed that way; throws naming the files otherwise.
 */
export function checkLoadFailures(
  failures: readonly LoadFailure[],
  report: { files: Record<string, { mutants: { id: string; status: string }[] }> },
): string[] {
  const real = failures.filter((f) => !isTeardown(f));
  const unmutated = real.filter((f) => f.mode !== 'mutant' || f.mutant === undefined);
  if (unmutated.length > 0)
    throw new Error(`test files failed to load with no mutant active: ${unmutated.map((f) => `${f.file}: ${f.message}`).join('; ')}`);
  const status = new Map(Object.values(report.files).flatMap(({ mutants }) => mutants.map((m) => [m.id, m.status] as const)));
  const ids = [...new Set(real.map((f) => f.mutant!))];
  const notKilled = ids.filter((id) => status.get(id) !== 'Killed');
  if (notKilled.length > 0)
    throw new Error(`a test file failed to load under mutants ${notKilled.join(', ')}, yet the report does not count them killed`);
  return ids;
}

const summaryDir = join(root, 'docs/test-strength');

function runArea(area: string): void {
  const mutate = AREAS[area];
  if (!mutate) throw new Error(`unknown area "${area}"; areas: ${Object.keys(AREAS).join(', ')}`);
  const reportFile = join(root, `reports/mutation/${area}.json`);
  const incrementalFile = `reports/stryker-incremental/${area}.json`;
  const firstRun = !existsSync(join(root, incrementalFile));
  const summaryFile = join(summaryDir, `${area}.json`);
  const previous = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as AreaSummary) : undefined;
  // The commit whose code the run copies at its start (a merge while it runs must not be credited with it).
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const started = Date.now();
  const loadAtStart = Math.round(loadavg()[0]! * 10) / 10;
  const loadLog = join(root, `reports/mutation/${area}.load-failures.jsonl`);
  mkdirSync(join(root, 'reports/mutation'), { recursive: true });
  rmSync(loadLog, { force: true });
  const result = spawnSync(
    join(root, 'node_modules/.bin/stryker'),
    ['run', 'stryker.config.mjs', '--mutate', mutate.map(strykerPattern).join(','), '--incremental', '--incrementalFile', incrementalFile],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        EXKIT_MUTATION_REPORT: reportFile,
        EXKIT_MUTATION_LOAD_LOG: loadLog,
        EXKIT_MUTATION_VITEST_CONFIG: DOM_AREAS.has(area) ? 'vitest.mutation.dom.config.ts' : 'vitest.mutation.config.ts',
        ...(AREA_TESTS[area] ? { EXKIT_MUTATION_TESTS: AREA_TESTS[area].join(',') } : {}),
      },
    },
  );
  if (result.status !== 0) throw new Error(`stryker failed for ${area} (exit ${result.status})`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Parameters<typeof summarise>[1];
  const failures = existsSync(loadLog)
    ? readFileSync(loadLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LoadFailure)
    : [];
  const killedByLoad = checkLoadFailures(failures, report);
  if (killedByLoad.length > 0) console.log(`${area}: ${killedByLoad.length} mutants killed by a test file failing to load`);
  const summary = summarise(area, report, commit, new Date().toISOString().slice(0, 10), areaFiles(mutate));
  summary.seconds = Math.round((Date.now() - started) / 1000);
  summary.loadAtStart = loadAtStart;
  summary.firstRun = firstRun;
  if (AREA_TESTS[area]) summary.tests = [...AREA_TESTS[area]];
  const lastFirstRun = firstRun ? { seconds: summary.seconds, loadAtStart, commit } : previous?.lastFirstRun;
  if (lastFirstRun) summary.lastFirstRun = lastFirstRun;
  mkdirSync(summaryDir, { recursive: true });
  writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`${area}: ${summary.score} % in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Whether the code an area's summary measured has changed since: git compares its files at the summary's commit
 * with HEAD. A file the area holds a line range of (`patterns`, by default the area's own) is compared on those
 * lines only, as they stand at both commits: an edit elsewhere that leaves them in place changes no mutant of the
 * range, while one that moves them counts. `undefined` when git cannot tell (the commit is not in this clone).
 */
export function changedSinceMeasured(
  summary: Pick<AreaSummary, 'area' | 'commit' | 'files'>,
  cwd = root,
  patterns: readonly string[] = AREAS[summary.area] ?? [],
): boolean | undefined {
  const paths = [...new Set(summary.files.map((f) => f.path))];
  const ranges = patterns.map(parsePattern).filter((pattern) => pattern.lines !== undefined && paths.includes(pattern.path));
  const whole = paths.filter((path) => !ranges.some((range) => range.path === path));
  if (whole.length > 0) {
    const diff = spawnSync('git', ['diff', '--quiet', summary.commit, 'HEAD', '--', ...whole], { cwd });
    if (diff.status !== 0) return diff.status === 1 ? true : undefined;
  }
  for (const { path, lines } of ranges) {
    const { first, last } = lines!;
    const text = (commit: string) => {
      const shown = spawnSync('git', ['show', `${commit}:${path}`], { cwd, encoding: 'utf8' });
      return shown.status === 0
        ? shown.stdout
            .split('\n')
            .slice(first - 1, last)
            .join('\n')
        : undefined;
    };
    const before = text(summary.commit);
    const now = text('HEAD');
    if (before === undefined || now === undefined) return undefined;
    if (before !== now) return true;
  }
  return false;
}

function writeReport(): void {
  const summaries: AreaSummary[] = readdirSync(summaryDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(summaryDir, f), 'utf8')) as AreaSummary)
    .sort((a, b) => Object.keys(AREAS).indexOf(a.area) - Object.keys(AREAS).indexOf(b.area));
  const lines = [
    '# Test strength',
    '',
    'Mutation testing (StrykerJS with its Vitest runner over `vitest.mutation.config.ts`, the node tests) asks what the',
    'tests would catch: each mutant is a small change to the code (an operator flipped, a branch removed, a string',
    'emptied), and a test must fail for it. The score is killed (or timed out) over killed + survived + not covered.',
    'Goal: at least 90 % in every area. Generated by `npm run mutation`; do not edit by hand.',
    '',
    'A run re-tests only the mutants whose code or covering tests changed since the last one (incremental mode, the',
    'state kept in `reports/stryker-incremental/`, not committed). "last run" is the time of the area\'s last run, and',
    'whether it was incremental; "first run" is the last run that started with no incremental file, so tested every',
    'mutant (what a fresh clone pays once). Each comes with the load average when it started (2 cores: above 2, other',
    'work shared the CPU). A first run should stay within 10 minutes.',
    '',
    'Every module of `core/`, `machines/` and `react/` (index files aside) belongs to exactly one area, or is split',
    'into line ranges that together hold it whole, each range in one area (the HTTP client and the style layout bounds); the script',
    'refuses to run, and `test/scripts/mutation.test.ts` fails, when one does not. The React areas run over the jsdom',
    'tests (`vitest.mutation.dom.config.ts`). A test file that fails to load while a mutant is active counts as a',
    'failed test, so that mutant is killed; one that fails to load with no mutant active fails the run (Stryker alone',
    'would report both as survivors, or as uncovered). A test that makes no assertion fails (`expect.requireAssertions`',
    'in every Vitest configuration), and every property test counts the classes of input it draws and asserts each',
    'was drawn (`test/support/input-classes.ts`; `test/contract/property-classes.test.ts` fails on one that does not).',
    '',
    'An incremental run keeps the verdict of a static mutant (a module-level table or constant) even when new tests',
    'would now kill it: after adding tests for such a mutant, delete `reports/stryker-incremental/<area>.json` for a',
    'full run. The report names the areas whose code changed after the commit their summary measured.',
    '',
    '| area | score | files | killed | survived | no coverage | equivalent | run | last run (load) | first run (load) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const duration = (seconds: number | undefined, load: number | undefined) =>
    seconds === undefined ? '–' : `${Math.floor(seconds / 60)} min ${seconds % 60} s${load === undefined ? '' : ` (${load})`}`;
  for (const s of summaries) {
    const sum = (k: 'killed' | 'timeout' | 'survived' | 'noCoverage' | 'ignored') => s.files.reduce((n, f) => n + f[k], 0);
    lines.push(
      `| ${s.area} | ${s.score} % | ${s.files.length} | ${sum('killed') + sum('timeout')} | ${sum('survived')} | ${sum('noCoverage')} | ${sum('ignored')} | ${s.date}, ${s.commit} | ${duration(s.seconds, s.loadAtStart)}${s.firstRun === false ? ', incremental' : ''} | ${s.lastFirstRun ? `${duration(s.lastFirstRun.seconds, s.lastFirstRun.loadAtStart)}, ${s.lastFirstRun.commit}` : '–'} |`,
    );
  }
  const unmeasured = Object.keys(AREAS).filter((area) => !summaries.some((s) => s.area === area));
  lines.push('', unmeasured.length === 0 ? 'Every area has a run.' : `Not measured yet: ${unmeasured.join(', ')}.`);
  const limited = summaries.filter((s) => s.tests);
  if (limited.length > 0)
    lines.push(
      `Measured over their own tests only (a lower bound): ${limited.map((s) => `${s.area} (\`${s.tests!.join('`, `')}\`)`).join(', ')}.`,
    );
  const below = summaries.filter((s) => s.score < 90).map((s) => `${s.area} (${s.score} %)`);
  lines.push(below.length === 0 ? 'Every measured area reaches the 90 % goal.' : `Below the 90 % goal: ${below.join(', ')}.`);
  const slow = summaries.flatMap((s) =>
    s.lastFirstRun && s.lastFirstRun.seconds > 600 ? [`${s.area} ${duration(s.lastFirstRun.seconds, s.lastFirstRun.loadAtStart)}`] : [],
  );
  const untimed = summaries.filter((s) => !s.lastFirstRun).map((s) => s.area);
  lines.push(slow.length === 0 ? 'Every first run on record kept within 10 minutes.' : `First run over 10 minutes: ${slow.join(', ')}.`);
  if (untimed.length > 0) lines.push(`No first run on record: ${untimed.join(', ')}.`);
  const changed = summaries.filter((s) => changedSinceMeasured(s) !== false).map((s) => `${s.area} (${s.commit})`);
  lines.push(
    changed.length === 0
      ? 'Every summary measures its code as it is now.'
      : `Code changed since its run (or the run's commit is not in this clone): ${changed.join(', ')}.`,
  );
  lines.push('', '## Per file', '', '| file | score | survived | no coverage | equivalent |', '|---|---|---|---|---|');
  for (const s of summaries) {
    const ranges = new Map((AREAS[s.area] ?? []).map(parsePattern).map((p) => [p.path, p.lines]));
    for (const f of s.files) {
      const range = ranges.get(f.path);
      const where = range ? ` lines ${range.first}–${range.last === Infinity ? 'end' : range.last}` : '';
      lines.push(`| \`${f.path}\`${where} | ${f.score} % | ${f.survived} | ${f.noCoverage} | ${f.ignored} |`);
    }
  }
  lines.push(
    '',
    '## Equivalent mutants',
    '',
    'Each is marked in the source with the reason below; they do not count towards the score.',
    '',
  );
  const equivalents = summaries.flatMap((s) => s.equivalent);
  if (equivalents.length === 0) lines.push('None.');
  for (const e of equivalents) lines.push(`- \`${e.path}:${e.line}\` (${e.mutator}): ${e.reason}`);
  lines.push('', '## Survivors', '');
  const survivors = summaries.flatMap((s) => s.survivors);
  if (survivors.length === 0) lines.push('None.');
  for (const m of survivors) lines.push(`- \`${m.path}:${m.line}\` (${m.mutator}): \`${m.replacement.replace(/\s+/g, ' ').slice(0, 80)}\``);
  writeFileSync(join(root, 'docs/test-strength.md'), `${lines.join('\n')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const gaps = areaGaps();
  if (gaps.unassigned.length > 0 || gaps.inTwoAreas.length > 0)
    throw new Error(
      `every module belongs to one area; in none: ${gaps.unassigned.join(', ') || '-'}; in two: ${gaps.inTwoAreas.join(', ') || '-'}`,
    );
  const areas = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  for (const area of areas) runArea(area);
  writeReport();
}
