import type { WriteEvent, WriteHooks } from '../documents/project-port.js';

/** A subscriber of `strapi.db.lifecycles.subscribe`: `models` (all when absent) and hooks by name. */
export interface LifecycleSubscriber {
  readonly models?: readonly string[] | undefined;
  readonly [hook: string]: unknown;
}

/** Strapi's event, as a hook receives it. */
export interface HookEvent {
  readonly action: string;
  readonly model: unknown;
  readonly params: Record<string, unknown>;
  readonly state: Record<string, unknown>;
  result?: unknown;
}

/** Runs the hooks named `name` (`beforeCreate`, `afterFindMany` …) of every subscriber of a model, in subscription order. */
export interface LifecycleRunner {
  /** Whether some subscriber of `uid` has one of these hooks. */
  has(uid: string, names: readonly string[]): boolean;
  run(name: string, uid: string, event: Omit<HookEvent, 'action' | 'model'>): Promise<void>;
}

export function createLifecycleRunner(subscribers: readonly LifecycleSubscriber[], modelOf: (uid: string) => unknown): LifecycleRunner {
  const of = (uid: string) => subscribers.filter((subscriber) => subscriber.models === undefined || subscriber.models.includes(uid));
  return {
    has: (uid, names) => of(uid).some((subscriber) => names.some((name) => typeof subscriber[name] === 'function')),
    async run(name, uid, event) {
      const hookEvent: HookEvent = { ...event, action: name, model: modelOf(uid) };
      for (const subscriber of of(uid)) {
        const hook = subscriber[name];
        if (typeof hook === 'function') await (hook as (e: HookEvent) => unknown).call(subscriber, hookEvent);
        // A hook may set event.result only as Strapi lets it: by changing the objects it was given.
      }
    },
  };
}

/**
 * The write hooks of a project's lifecycles (content-type `lifecycles` files and subscribers), in
 * subscription order. A before-hook that throws rejects the write: nothing is written.
 */
export function createLifecycleHooks(runner: LifecycleRunner): WriteHooks {
  const call = async (phase: 'before' | 'after', event: WriteEvent): Promise<void> => {
    const name = `${phase}${event.action[0]?.toUpperCase()}${event.action.slice(1)}`;
    const params = event.params as Record<string, unknown>;
    await runner.run(name, event.type.uid, phase === 'after' ? { params, state: event.state, result: event.result } : { params, state: event.state });
  };
  return { before: (event) => call('before', event), after: (event) => call('after', event) };
}
