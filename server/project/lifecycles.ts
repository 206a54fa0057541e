import type { WriteEvent, WriteHooks } from '../documents/project-port.js';

/** A subscriber of `strapi.db.lifecycles.subscribe`: `models` (all when absent) and hooks by name. */
export interface LifecycleSubscriber {
  readonly models?: readonly string[] | undefined;
  readonly [hook: string]: unknown;
}

/** Strapi's event, as a hook receives it. */
interface HookEvent {
  readonly action: string;
  readonly model: unknown;
  readonly params: WriteEvent['params'];
  readonly state: Record<string, unknown>;
  result?: unknown;
}

/**
 * The write hooks of a project's lifecycles (content-type `lifecycles` files and subscribers), in
 * subscription order. A before-hook that throws rejects the write: nothing is written.
 */
export function createLifecycleHooks(subscribers: readonly LifecycleSubscriber[], modelOf: (uid: string) => unknown): WriteHooks {
  const call = async (phase: 'before' | 'after', event: WriteEvent): Promise<void> => {
    const name = `${phase}${event.action[0]?.toUpperCase()}${event.action.slice(1)}`;
    const hookEvent: HookEvent = { action: name, model: modelOf(event.type.uid), params: event.params, state: event.state };
    if (phase === 'after') hookEvent.result = event.result;
    for (const subscriber of subscribers) {
      if (subscriber.models !== undefined && !subscriber.models.includes(event.type.uid)) continue;
      const hook = subscriber[name];
      if (typeof hook === 'function') await (hook as (e: HookEvent) => unknown).call(subscriber, hookEvent);
    }
  };
  return { before: (event) => call('before', event), after: (event) => call('after', event) };
}
