import type { EditorWebhooks } from '../admin/webhook-routes.js';
import type { CmsConfig } from '../config/cms-config.js';
import { EventHub } from '../events/event-hub.js';
import { type DispatcherLog, WebhookDispatcher } from '../events/webhook-dispatcher.js';
import type { ProjectRuntime } from './project-runtime.js';

/** The change events of a running server: the hub the event stream reads, and the webhooks it feeds. */
export interface RunningEvents {
  readonly hub: EventHub;
  readonly webhooks: WebhookDispatcher;
  /** What the editor's webhooks screen shows and does. */
  readonly editor: EditorWebhooks;
  /** Takes the webhooks of a reloaded cms.config.json. */
  reconfigure(config: CmsConfig): void;
  close(): void;
}

/** Wires the runtime's index changes to the event hub, and the hub to the configured webhooks. */
export function startEvents(config: CmsConfig, runtime: ProjectRuntime, log: DispatcherLog): RunningEvents {
  const hub = new EventHub();
  const webhooks = new WebhookDispatcher(config.dir, log);
  const stopListening = runtime.onIndexChange((change) => hub.publish(change));
  let unsubscribe: (() => void) | undefined;
  const reconfigure = (next: CmsConfig): void => {
    webhooks.configure(next.webhooks);
    // Without webhooks the hub need not make bodies nobody will read (see EventHub.drain).
    if (webhooks.active) unsubscribe ??= hub.subscribe((events) => webhooks.receive(events));
    else {
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };
  reconfigure(config);
  return {
    hub,
    webhooks,
    editor: {
      endpoints: () => webhooks.endpoints,
      pending: () => webhooks.pending(),
      deliveries: () => webhooks.log.list(),
      sendTest: (name) => webhooks.sendTest(name),
    },
    reconfigure,
    close() {
      stopListening();
      hub.close();
      webhooks.close();
    },
  };
}
