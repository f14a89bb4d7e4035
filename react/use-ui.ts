import type { Platform } from '../core/platform/types.js';
import { createUiKit } from '../machines/ui-kit.js';
import type { UiKit } from '../machines/ui-kit.js';
import { useExkit } from './provider.js';

// One kit per platform when the provider was not handed one, so every hook of an app shares it.
const kits = new WeakMap<Platform, UiKit>();

/**
 * The app's overlay services: the provider's `ui`, or one made once from its platform (its texts follow the
 * provider's `preferences` language when given).
 */
export function useUi(): UiKit {
  const services = useExkit();
  if (services.ui) return services.ui;
  let kit = kits.get(services.platform);
  if (!kit) {
    const { preferences } = services;
    kit = createUiKit(services.platform, preferences ? { locale: () => preferences.get().language } : {});
    kits.set(services.platform, kit);
  }
  return kit;
}
