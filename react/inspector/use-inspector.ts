import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { createInspector, watchProblem } from '../../machines/inspector/inspector.js';
import type { InspectedActor, Inspector, InspectorOptions } from '../../machines/inspector/inspector.js';

/**
 * Watches `actors` (name → actor; undefined entries are skipped) with `inspector`, or with one of its own
 * created from `options`, and returns what it records, re-rendering on every change.
 */
export function useInspector(
  actors: Readonly<Record<string, AnyActorRef | undefined>>,
  inspector?: Inspector,
  options?: InspectorOptions,
): { inspector: Inspector; views: readonly InspectedActor[]; problems: Readonly<Record<string, string>> } {
  const [own] = useState(() => (inspector ? undefined : createInspector(options)));
  const active = inspector ?? own!;
  // Entries that are not actors are listed instead of breaking the page.
  const problems = useMemo(() => {
    const found: Record<string, string> = {};
    for (const [name, actor] of Object.entries(actors)) {
      const problem = actor === undefined ? undefined : watchProblem(name, actor);
      if (problem) found[name] = problem.message;
    }
    return found;
  }, [actors]);
  useEffect(() => {
    const names = new Set<string>();
    for (const [name, actor] of Object.entries(actors)) {
      // watchProblem refuses an undefined entry too: it is skipped here, and listed nowhere.
      if (watchProblem(name, actor)) continue;
      active.watch(name, actor!);
      names.add(name);
    }
    for (const view of active.views()) if (!names.has(view.name)) active.unwatch(view.name);
  }, [active, actors]);
  // Stryker disable next-line ArrayDeclaration: own is state set once, so the clean-up runs on unmount either way
  useEffect(() => () => own?.dispose(), [own]);
  const views = useSyncExternalStore(active.subscribe, active.views, active.views);
  return { inspector: active, views, problems };
}
