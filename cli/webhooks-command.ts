import { readDeliveryLog } from '../server/events/delivery-log.js';
import { sendTestEvent } from '../server/events/send-test-event.js';
import { loadConfig } from '../server/store/load-config.js';
import type { CommandOutput } from './token-command.js';

const consoleOutput: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

export interface WebhooksLogOptions {
  dir: string;
  json?: boolean | undefined;
  limit?: number | undefined;
}

/**
 * `cms webhooks log`: the last deliveries a running (or stopped) `cms serve` made, newest last,
 * from `.cms/webhooks-log.json`: time, webhook, event, status, duration, try and outcome.
 */
export function runWebhooksLog(options: WebhooksLogOptions, output: CommandOutput = consoleOutput): number {
  const records = readDeliveryLog(options.dir).slice(-(options.limit ?? 50));
  if (options.json === true) {
    output.out(JSON.stringify(records, null, 2));
    return 0;
  }
  if (records.length === 0) {
    output.err('no deliveries logged yet (cms serve writes .cms/webhooks-log.json as it delivers)');
    return 0;
  }
  for (const record of records) {
    const status = record.status === 0 ? 'no answer' : String(record.status);
    const next = record.outcome === 'retry' ? `retry in ${record.retryInMs} ms` : record.outcome;
    const error = record.error !== undefined && record.status === 0 ? ` (${record.error})` : '';
    output.out(`${record.at}  ${record.webhook}  ${record.event}  ${status}  ${record.durationMs} ms  try ${record.attempt}  ${next}${error}`);
  }
  return 0;
}

/** `cms webhooks test <name>`: posts Strapi's test event to one webhook and prints its answer; exit 1 unless 2xx. */
export async function runWebhooksTest(
  options: { dir: string; name: string },
  output: CommandOutput = consoleOutput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const config = loadConfig(options.dir, {});
  const attempt = await sendTestEvent(config, options.name, env);
  const answer = attempt.status === 0 ? `no answer (${attempt.error})` : `${attempt.status}`;
  (attempt.ok ? output.out : output.err)(`${options.name}: ${answer} in ${attempt.durationMs} ms`);
  return attempt.ok ? 0 : 1;
}
