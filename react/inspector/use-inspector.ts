import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { createInspector } from '../../machines/inspector/inspector.js';
import type { InspectedActor, Inspector, InspectorOptions } from '../../machines/inspector/inspector.js';

/**
 * Watches `actors` (name → actor; undefined entries are skipped) with `inspector`, or with one of its own
 * created from `options`, and returns what it records, re-rendering on every change.
 */
export function useInspector(actors: Readonly<Record<string, AnyActorRef | undefined>>, inspector?: Inspector, options?: InspectorOptions): { inspector: Inspector; views: readonly InspectedActor[]; problems: Readonly<Record<string, string>> } {
  const [own] = useState(() => (inspector ? undefined : createInspector(options)));
  const active = inspector ?? own!;
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});
  useEffect(() => {
    const found: Record<string, string> = {};
    const names = new Set<string>();
    for (const [name, actor] of Object.entries(actors)) {
      if (actor === undefined) continue;
      try {
        active.watch(name, actor);
        names.add(name);
      } catch (error) {
        // Not an actor: shown on the list instead of breaking the page.
        found[name] = error instanceof Error ? error.message : String(error);
      }
    }
    for (const view of active.views()) if (!names.has(view.name)) active.unwatch(view.name);
    setProblems((previous) => (JSON.stringify(previous) === JSON.stringify(found) ? previous : found));
  }, [active, actors]);
  useEffect(() => () => own?.dispose(), [own]);
  const views = useSyncExternalStore(active.subscribe, active.views, active.views);
  return { inspector: active, views, problems };
}
