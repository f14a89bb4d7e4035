import { useCallback, useSyncExternalStore } from 'react';
import type { PreferencesCookie } from '../core/catalog/settings.js';
import type { PreferencesSnapshot } from '../core/preferences/preferences.js';
import { useExkitService } from './provider.js';

export interface UsePreferencesResult {
  preferences: PreferencesSnapshot;
  /** Changes some preferences (written back to the cookie); throws InvalidArgumentError on a bad value. */
  setPreferences(patch: Partial<PreferencesCookie>): PreferencesSnapshot;
  resetPreferences(): PreferencesSnapshot;
}

/**
 * The preferences of the provider's `preferences` service, re-rendering on every change. On the server and
 * while hydrating they are the defaults (a server render reads no visitor's cookie); the visitor's own follow
 * right after hydration.
 */
export function usePreferences(): UsePreferencesResult {
  const service = useExkitService('preferences');
  const preferences = useSyncExternalStore(service.subscribe, service.get, service.defaults);
  const setPreferences = useCallback((patch: Partial<PreferencesCookie>) => service.set(patch), [service]);
  const resetPreferences = useCallback(() => service.reset(), [service]);
  return { preferences, setPreferences, resetPreferences };
}
