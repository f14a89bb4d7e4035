// The roots of the method sweep: every service, kit and handle factory the package exports, each built fresh on
// a memory platform, with the valid baselines of the methods the sweep reaches from them (one per documented branch).
import * as core from '../../core/index.js';
import * as machines from '../../machines/index.js';
import type { Baselines, SweepRoot } from './method-sweep.js';

const { memoryPlatform } = core;

/** A gateway answer for every call: the sweep judges the methods, not the network. */
const okFetch = (async () =>
  new Response(JSON.stringify({ code: '0', msg: 'success', data: {} }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })) as typeof fetch;

const APP = 'SweepApp';

function platform() {
  return memoryPlatform({ fetch: okFetch });
}

/** A page inside the simulated app, so that the bridge's native path is the one swept. */
function inApp() {
  const p = platform();
  const simulator = core.createNativeHostSimulator(p, { appName: APP, os: 'ios', appVersion: '9.0.0' });
  const bridge = core.createBridge(p, { appName: APP });
  return { p, simulator, bridge };
}

const noop = (): void => undefined;
const ESCAPE = { key: 'Escape', isComposing: false, stopPropagation: noop };
const POINTER = { target: null, composedPath: () => [] };
const SIGN_CONFIG = {
  clientOpen: true,
  serverPublicKey: 'AQ==',
  serverPublicKeySign: 'AQ==',
  defaultAlgorithm: 'rsa1024',
  exactUrls: [],
  prefixUrls: [],
  signModes: {},
  userCheckDeviceUrl: '/v1/user/check',
};

export const ROOTS: SweepRoot[] = [
  { name: 'platform', make: () => platform() },
  { name: 'headless', make: () => core.headlessPlatform() },
  { name: 'store', make: () => core.createStore(platform(), 'common') },
  { name: 'preferences', make: () => core.createPreferences(platform()) },
  { name: 'simulation', make: () => core.createSimulationMode(platform()) },
  { name: 'referral', make: () => core.createReferralCache(platform()) },
  {
    name: 'imageHosts',
    make: () =>
      core.createImageHostSelector(platform(), {
        candidates: ['https://img1.example.com', 'https://img2.example.com'],
        defaultHost: 'https://img.example.com',
        probePath: '/probe.png',
        probe: async () => undefined,
      }),
  },
  { name: 'http', make: () => core.createHttpClient(platform(), { baseUrl: 'https://api.example.com' }) },
  { name: 'channel', make: () => core.debouncedEventChannel(platform().timers, 100) },
  { name: 'bridge', make: () => inApp().bridge },
  { name: 'webBridge', make: () => core.createBridge(platform(), { appName: APP }) },
  { name: 'simulator', make: () => inApp().simulator, end: (s) => (s as core.NativeHostSimulator).uninstall() },
  {
    name: 'security',
    make: () => {
      const p = platform();
      return core.createSecurity(p, { certificatePem: 'x', http: core.createHttpClient(p, { baseUrl: 'https://api.example.com' }) });
    },
  },
  { name: 'serverClock', make: () => core.createServerClock(platform().clock) },
  { name: 'clientKeys', make: () => core.createClientKeyStore(platform()) },
  { name: 'riskTokenStore', make: () => core.createRiskTokenStore(platform()) },
  { name: 'signErrors', make: () => core.createSignErrorHandler(platform(), { resetConfig: noop, log: noop }) },
  { name: 'fingerprinter', make: () => core.createFingerprinter(platform()) },
  { name: 'terminalCode', make: () => core.createTerminalCode(platform()) },
  { name: 'scriptLoader', make: () => core.createScriptLoader(platform()) },
  { name: 'testWidget', make: () => core.createTestCaptchaWidget() },
  { name: 'themePort', make: () => core.memoryThemePort('light') },
  { name: 'layerCounter', make: () => core.createLayerCounter() },
  { name: 'layerStack', make: () => core.createLayerStack(undefined) },
  { name: 'scrollLock', make: () => core.createScrollLock(undefined, platform().timers) },
  { name: 'uiHost', make: () => core.createUiHost({ dom: undefined, timers: platform().timers }) },
  { name: 'uiKit', make: () => machines.createUiKit(platform(), { isolatedToaster: true }) },
  { name: 'loading', make: () => machines.createLoadingOverlays({ clock: platform().timers }) },
  {
    name: 'captcha',
    make: () =>
      machines.createCaptchaService({
        http: core.createHttpClient(platform(), { baseUrl: 'https://api.example.com' }),
        widget: core.createTestCaptchaWidget(),
        onWidgetError: noop,
      }),
  },
  {
    name: 'riskToken',
    make: () => machines.createRiskTokenService(platform(), { fetchToken: async () => ({ token: 't', kind: 'web' }) as never }),
  },
];

/** Valid arguments by method path; the first baseline is the usual call, the others each documented branch. */
export const BASELINES: Baselines = {
  'platform.clock.setTimeout': [[noop, 10]],
  'platform.clock.clearTimeout': [[1]],
  'platform.clock.advance': [[10]],
  'platform.clock.advanceAsync': [[10]],
  'platform.clock.setNow': [[1_700_000_000_000]],
  'platform.clock.takeDue': [[1_700_000_000_000]],
  'platform.localStorage.getItem': [['k']],
  'platform.localStorage.setItem': [['k', 'v']],
  'platform.localStorage.removeItem': [['k']],
  'platform.cookies.get': [['k']],
  'platform.cookies.set': [['k', 'v', { days: 1 }]],
  'platform.cookies.remove': [['k']],
  'platform.location.assign': [['https://example.com/a']],
  'platform.globals.get': [['k']],
  'platform.globals.set': [['k', 1]],
  'platform.globals.delete': [['k']],
  'platform.errors.report': [[{ event: 'e' }]],
  'platform.matchMedia': [['(prefers-reduced-motion: reduce)']],
  'platform.watchMedia': [['(prefers-reduced-motion: reduce)']],
  'platform.advance': [[10]],
  'platform.advanceAsync': [[10]],
  'platform.setVisibility': [['hidden']],
  'platform.setUserAgent': [['Mozilla/5.0']],
  'platform.setMedia': [['(prefers-reduced-motion: reduce)', true]],
  'store.get': [['k', 'fallback']],
  'store.set': [
    ['k', { a: 1 }],
    ['k', 'v', { days: 1 }],
  ],
  'store.remove': [['k']],
  'store.storageKey': [['k']],
  'preferences.set': [[{ language: 'en' }]],
  'preferences.subscribe': [[noop]],
  'simulation.setFlag': [[true], [false]],
  'simulation.isAllowed': [['/futures']],
  'simulation.landingFor': [['/futures', 'en']],
  'simulation.redirectFor': [['/futures']],
  'simulation.navigate': [['/futures']],
  'referral.capture': [[{ open: true }, 'https://example.com/?ref=abc']],
  'http.request': [['GET', '/a', { x: 1 }, {}]],
  'http.get': [['/a', { x: 1 }, {}]],
  'http.post': [['/a', { x: 1 }, {}]],
  'http.put': [['/a', { x: 1 }, {}]],
  'http.delete': [['/a', { x: 1 }, {}]],
  'http.emit': [[{ type: 'toast', message: 'm' }]],
  'http.use': [[{ beforeRequest: [] }]],
  'channel.emit': [[{ type: 'x' }]],
  'bridge.supports': [['getToken']],
  'bridge.call': [['getToken']],
  'bridge.request': [['/a', { x: 1 }, {}]],
  'bridge.event$': [['e']],
  'bridge.openDeepLink': [['home', {}, 'open']],
  'webBridge.supports': [['getToken']],
  'webBridge.call': [['getToken']],
  'webBridge.request': [['/a', { x: 1 }, {}]],
  'webBridge.event$': [['e']],
  'webBridge.openDeepLink': [['home', {}, 'open']],
  'simulator.script': [['getToken', { answer: { ok: true } }]],
  'simulator.route': [['/a', { answer: { ok: true } }]],
  'simulator.answer': [[1, {}]],
  'simulator.release': [[1]],
  'simulator.push': [['e', {}]],
  'simulator.setAppVersion': [['9.1.0']],
  'security.fetchConfig': [[{}], [{ force: true }]],
  'security.reportInitFailure': [[new core.InvalidArgumentError('x')]],
  'serverClock.sync': [[1_700_000_000_000]],
  'listCache.get': [['k']],
  'listCache.set': [['k', [1]]],
  'layerStack.push': [[{}]],
  'layerStack.addBranch': [[() => null]],
  'scrollLock.lock': [['owner']],
  'scrollLock.unlock': [['owner']],
  'uiHost.scrollLock.lock': [['owner']],
  'uiHost.scrollLock.unlock': [['owner']],
  'uiKit.toast': [['Saved']],
  'uiKit.toast.success': [['Saved']],
  'uiKit.toast.warning': [['Saved']],
  'uiKit.toast.info': [['Saved']],
  'uiKit.toast.error': [['Saved']],
  'uiKit.toast.question': [['Saved']],
  'uiKit.toast.loading': [['Saved']],
  'uiKit.toast.update': [['t1', { message: 'm' }]],
  'uiKit.toast.dismiss': [['t1'], []],
  'uiKit.toast.promise': [[Promise.resolve(1), { loading: 'a', success: 'b', error: 'c' }]],
  'uiKit.messageBox.alert': [['Hi']],
  'uiKit.messageBox.confirm': [['Hi']],
  'uiKit.messageBox.prompt': [['Hi']],
  'uiKit.loading.show': [[{}, noop, { text: 't' }]],
  'uiKit.loading.get': [[{}]],
  'uiKit.loading.subscribe': [[noop]],
  'loading.show': [[{}, noop, { text: 't' }]],
  'loading.get': [[{}]],
  'loading.subscribe': [[noop]],
  'captcha.verify': [['login', {}]],
  'captcha.flowOf': [['login']],
  'riskToken.whenReady': [[100]],
  'riskToken.install': [[{ use: () => noop }]],
  'themePort.apply': [['dark']],
  'serverClock.observe': [
    ['POST', '1700000000000'],
    ['GET', undefined],
  ],
  'security.serverClock.observe': [['POST', '1700000000000']],
  'security.initSignFor': [[{ publicKey: 'k', privateKeyPem: 'not a pem' }]],
  'security.loadClientKeyPair': [[SIGN_CONFIG]],
  'security.verifyServerKey': [[SIGN_CONFIG]],
  'security.setConfig': [[SIGN_CONFIG]],
  'security.setServerKey': [[{ der: new Uint8Array([1]), base64: 'AQ==', hash: 'h' }]],
  'security.setClientKey': [[{ publicKey: 'k', privateKeyPem: 'p', algorithm: 'rsa1024', storedAt: 0 }]],
  'security.engine.sign': [['not a pem', new Uint8Array([1])]],
  'security.engine.wrapKey': [[new Uint8Array([1]), new Uint8Array([1]), 'RSA-OAEP-256']],
  'security.engine.generateKeyPair': [[512]],
  'signErrors.handle': [
    ['00021', 'm', '/v1/a', 'en'],
    ['00022', undefined, '/v1/a'],
  ],
  'signErrors.logHeader': [['/v1/a', 'bad']],
  'signErrors.emit': [[{ type: 'configReset' }]],
  'layerStack.handleKeyDown': [[ESCAPE]],
  'layerStack.handlePointerDown': [[POINTER]],
  'uiHost.stack.push': [[{}]],
  'uiHost.stack.handleKeyDown': [[ESCAPE]],
  'uiHost.stack.handlePointerDown': [[POINTER]],
  'uiKit.host.stack.push': [[{}]],
  'uiKit.host.stack.handleKeyDown': [[ESCAPE]],
  'uiKit.host.stack.handlePointerDown': [[POINTER]],
  'uiKit.host.scrollLock.lock': [['owner']],
  'uiKit.host.scrollLock.unlock': [['owner']],
  'uiKit.motion.subscribe': [[noop]],
  'scriptLoader.load': [['https://static.example.com/gt4.js', 10]],
  'bridge.commands.changeTitleBarTheme': [[{ theme: 'dark' }]],
  'webBridge.commands.changeTitleBarTheme': [[{ theme: 'dark' }]],
  'clientKeys.saveBackup': [[{ publicKey: 'k', privateKeyPem: 'p', algorithm: 'rsa1024', storedAt: 0 }]],
  'clientKeys.boundTo': [['token']],
  'riskTokenStore.saveSuccess': [['t', 1_800_000_000_000]],
  'riskTokenStore.saveDemoted': [['t', 1_800_000_000_000]],
  'clientKeys.bind': [[{ publicKey: 'k', privateKeyPem: 'p', algorithm: 'rsa1024', storedAt: 0 }, 'token', 'user']],
  'riskToken.settle': [[100]],
};
