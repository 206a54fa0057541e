import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, call } from './api';

/** A webhook as GET /admin/webhooks shows it: the names of its headers, never their values. */
interface Webhook {
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
  headers: string[];
  signed: boolean;
  pending: number;
}

/** One try of one delivery (the server's delivery log). */
interface Delivery {
  at: string;
  webhook: string;
  event: string;
  eventId: string;
  attempt: number;
  status: number;
  ok: boolean;
  durationMs: number;
  error?: string;
  outcome: 'delivered' | 'retry' | 'failed';
}

const OUTCOME_BADGES: Record<Delivery['outcome'], string> = { delivered: 'badge badge-published', retry: 'badge badge-draft', failed: 'badge badge-modified' };
const OUTCOME_NAMES: Record<Delivery['outcome'], string> = { delivered: 'Delivered', retry: 'Will retry', failed: 'Failed' };

function describeError(failure: unknown): string {
  return failure instanceof ApiFailure ? failure.message : String(failure);
}

/** Settings › Webhooks (Super Admin): the webhooks of cms.config.json, their last deliveries, and a test event on demand. */
export function WebhooksScreen() {
  const [webhooks, setWebhooks] = useState<Webhook[] | undefined>(undefined);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState('');

  async function load() {
    try {
      const [list, log] = await Promise.all([call<Webhook[]>('GET', '/webhooks'), call<Delivery[]>('GET', '/webhooks/deliveries?limit=50')]);
      setWebhooks(list);
      setDeliveries(log);
      setError('');
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  useEffect(() => {
    load();
  }, []);

  async function sendTest(name: string) {
    setSending(name);
    setMessage('');
    try {
      const tried = await call<Delivery>('POST', `/webhooks/${encodeURIComponent(name)}/test`);
      setMessage(tried.ok ? `Test sent to ${name}: HTTP ${tried.status} in ${tried.durationMs} ms` : `Test to ${name} failed: ${tried.error ?? tried.status}`);
    } catch (failure) {
      setMessage(`Test to ${name} not sent: ${describeError(failure)}`);
    }
    setSending('');
    await load();
  }

  return (
    <section>
      <header class="page-header">
        <div>
          <h1>Webhooks</h1>
          <p class="muted">Configured in cms.config.json under "webhooks"; header values and secrets are not shown.</p>
        </div>
        <button type="button" class="secondary" onClick={load}>
          Refresh
        </button>
      </header>
      {error !== '' && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <p role="status" class={message === '' ? 'visually-hidden' : 'notice'}>
        {message}
      </p>
      {webhooks === undefined ? (
        error === '' && <p class="loading">Loading…</p>
      ) : webhooks.length === 0 ? (
        <p>No webhook is configured.</p>
      ) : (
        <WebhookTable webhooks={webhooks} sending={sending} onTest={sendTest} />
      )}
      <h2>Recent deliveries</h2>
      {deliveries.length === 0 ? <p>No delivery yet.</p> : <DeliveryTable deliveries={deliveries} />}
    </section>
  );
}

function WebhookTable({ webhooks, sending, onTest }: { webhooks: Webhook[]; sending: string; onTest: (name: string) => void }) {
  return (
    <table>
      <caption class="visually-hidden">Configured webhooks</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">URL</th>
          <th scope="col">Events</th>
          <th scope="col">Status</th>
          <th scope="col">Headers</th>
          <th scope="col">
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {webhooks.map((webhook) => (
          <tr key={webhook.name}>
            <td>{webhook.name}</td>
            <td title={webhook.url}>{webhook.url}</td>
            <td title={webhook.events.join(', ')}>{webhook.events.length === 8 ? 'All events' : webhook.events.join(', ')}</td>
            <td>
              {webhook.enabled ? 'Enabled' : 'Disabled'}
              {webhook.signed ? ', signed' : ''}
              {webhook.pending > 0 ? `, ${webhook.pending} waiting` : ''}
            </td>
            <td>{webhook.headers.length === 0 ? '—' : webhook.headers.join(', ')}</td>
            <td>
              <button type="button" class="secondary" disabled={sending !== ''} onClick={() => onTest(webhook.name)}>
                {sending === webhook.name ? 'Sending…' : 'Send test'}
                <span class="visually-hidden"> to {webhook.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DeliveryTable({ deliveries }: { deliveries: Delivery[] }) {
  return (
    <table>
      <caption class="visually-hidden">Recent deliveries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Webhook</th>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Duration</th>
          <th scope="col">Try</th>
          <th scope="col">Outcome</th>
          <th scope="col">Error</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={`${delivery.at} ${delivery.webhook} ${delivery.eventId} ${delivery.attempt}`}>
            <td>
              <time dateTime={delivery.at}>{new Date(delivery.at).toLocaleString()}</time>
            </td>
            <td>{delivery.webhook}</td>
            <td>{delivery.event}</td>
            <td>{delivery.status === 0 ? 'no answer' : delivery.status}</td>
            <td>{delivery.durationMs} ms</td>
            <td>{delivery.attempt}</td>
            <td>
              <span class={OUTCOME_BADGES[delivery.outcome]}>{OUTCOME_NAMES[delivery.outcome]}</span>
            </td>
            <td title={delivery.error}>{delivery.error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
