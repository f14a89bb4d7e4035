import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import { MissingProviderError } from './errors.js';
import type { Bridge } from '../core/bridge/create-bridge.js';
import type { HttpClient } from '../core/http/client.js';
import type { Platform } from '../core/platform/types.js';
import type { ActorRefFrom } from 'xstate';
import type { CaptchaService } from '../machines/captcha.service.js';
import type { simulationMachine } from '../machines/simulation.machine.js';
import type { Preferences } from '../core/preferences/preferences.js';
import type { Security } from '../core/security/security.js';
import type { UiKit } from '../machines/ui-kit.js';
import type { RiskTokenService } from '../machines/risk-token.service.js';

/**
 * The services an app hands to its hooks. Each area adds its optional service here; a hook that needs
 * one reads it with `useExkitService` and fails with a typed error when the app did not provide it.
 */
export interface ExkitServices {
  platform: Platform;
  /** The captcha flows (createCaptchaService). */
  captcha?: CaptchaService;
  /** The started simulation-mode actor (createActor(simulationMachine, …).start()). */
  simulation?: ActorRefFrom<typeof simulationMachine>;
  /** The native bridge (createBridge), read by useBridge, useBridgeRequest and useNativeEvent. */
  bridge?: Bridge;
  /** The exchange's HTTP client (createHttpClient). */
  http?: HttpClient;
  /** The preferences cookie service (`createPreferences`), read by `usePreferences()`. */
  preferences?: Preferences;
  /** The security service (signing init, login encryption, core-call signing): `createSecurity`. */
  security?: Security;
  /** The risk token (createRiskTokenService), read by `useRiskToken()`. */
  riskToken?: RiskTokenService;
  /** Overlay services (toasts, notifications, message boxes, loading, layers); made from the platform when omitted. */
  ui?: UiKit;
}

const ExkitContext = createContext<ExkitServices | null>(null);

export interface ExkitProviderProps {
  value: ExkitServices;
  children?: ReactNode;
}

/**
 * Makes the platform and services available to exkit's hooks, and starts after mount the services made not to
 * start on their own (a risk token made with `autoStart: false`), so that a server render starts nothing.
 */
export function ExkitProvider({ value, children }: ExkitProviderProps) {
  const { riskToken } = value;
  useEffect(() => {
    riskToken?.start();
  }, [riskToken]);
  return <ExkitContext.Provider value={value}>{children}</ExkitContext.Provider>;
}

/** The services of the nearest <ExkitProvider>. */
export function useExkit(): ExkitServices {
  const services = useContext(ExkitContext);
  if (!services) throw new MissingProviderError('ExkitProvider');
  return services;
}

/** One service of the nearest <ExkitProvider>; throws MissingProviderError when it was not given. */
export function useExkitService<K extends keyof ExkitServices>(key: K): NonNullable<ExkitServices[K]> {
  const service = useExkit()[key];
  if (service === undefined || service === null) throw new MissingProviderError(`The '${String(key)}' service`);
  return service as NonNullable<ExkitServices[K]>;
}
