import { useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
import type { Actor, ActorOptions, AnyActorLogic } from 'xstate';

/**
 * An actor owned by the calling component: created once, started after the first commit and stopped when the
 * component unmounts. The stop waits a microtask, so React's strict-mode unmount and remount of the same
 * component (cleanup then effect, in one go) keeps the running actor instead of restarting a stopped one.
 */
export function useOwnedActor<TLogic extends AnyActorLogic>(logic: TLogic, options?: ActorOptions<TLogic>): Actor<TLogic> {
  const [actor] = useState(() => createActor(logic, options));
  const mounted = useRef(0);
  useEffect(() => {
    mounted.current += 1;
    actor.start();
    return () => {
      mounted.current -= 1;
      queueMicrotask(() => {
        if (mounted.current === 0) actor.stop();
      });
    };
  }, [actor]);
  return actor;
}
