import { useMemo, useSyncExternalStore } from 'react';
import { useExkitService } from './provider.js';

const noEvent = () => undefined;

/** The latest payload of one native event (undefined until the app pushes it). */
export function useNativeEvent<T = unknown>(name: string): T | undefined {
  const bridge = useExkitService('bridge');
  const store = useMemo(() => {
    const latest: { value?: T } = {};
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
  // The app pushes events to a running page only: none on the server and while hydrating.
  return useSyncExternalStore(store.subscribe, store.read, noEvent);
}
