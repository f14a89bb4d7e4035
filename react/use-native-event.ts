import { useMemo, useSyncExternalStore } from 'react';
import { useExkitService } from './provider.js';

/** The latest payload of one native event (undefined until the app pushes it). */
export function useNativeEvent<T = unknown>(name: string): T | undefined {
  const bridge = useExkitService('bridge');
  const store = useMemo(() => {
    const latest: { value: T | undefined } = { value: undefined };
    return {
      subscribe: (onChange: () => void) => {
        const subscription = bridge.event$<T>(name).subscribe((data) => {
          latest.value = data;
          onChange();
        });
        return () => subscription.unsubscribe();
      },
      read: () => latest.value,
    };
  }, [bridge, name]);
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}
