import { readProjectText, writeProjectText } from '../store/project-files.js';

/** Where the server keeps its last deliveries, for `cms webhooks log` (under the git-ignored .cms/). */
export const DELIVERY_LOG_FILE = '.cms/webhooks-log.json';
/** How long changes gather before the log file is written again (deliveries run beside requests: a burst is one write). */
const WRITE_DELAY_MS = 1_000;

/** One try to deliver one event to one webhook. */
export interface DeliveryRecord {
  readonly at: string;
  readonly webhook: string;
  readonly event: string;
  /** The event's id (the SSE id), so a delivery can be matched with what a stream reader saw. */
  readonly eventId: string;
  readonly attempt: number;
  /** The receiver's HTTP status; 0 when none came (refused, timed out). */
  readonly status: number;
  readonly ok: boolean;
  readonly durationMs: number;
  readonly error?: string;
  /** What happens next: delivered, a retry after `retryInMs`, or given up. */
  readonly outcome: 'delivered' | 'retry' | 'failed';
  readonly retryInMs?: number;
}

/**
 * The last deliveries (oldest first), kept in memory and written to `.cms/webhooks-log.json` a
 * second after they change (a burst is one write, without fsync), and once more on close.
 */
export class DeliveryLog {
  private records: DeliveryRecord[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly projectDir: string,
    private size: number,
    private readonly warn: (message: string) => void,
  ) {}

  add(record: DeliveryRecord): void {
    this.records.push(record);
    if (this.records.length > this.size) this.records.splice(0, this.records.length - this.size);
    this.timer ??= setTimeout(() => this.flush(), WRITE_DELAY_MS);
  }

  resize(size: number): void {
    this.size = size;
    if (this.records.length > size) this.records.splice(0, this.records.length - size);
  }

  list(): readonly DeliveryRecord[] {
    return this.records;
  }

  /** Writes the file now (if anything changed since the last write). */
  flush(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      // Not fsynced: a log lost in a crash costs nothing, an fsync per write costs every request waiting behind it.
      writeProjectText(this.projectDir, DELIVERY_LOG_FILE, `${JSON.stringify({ deliveries: this.records }, null, 2)}\n`, { durable: false });
    } catch (error) {
      this.warn(`webhooks: cannot write ${DELIVERY_LOG_FILE}: ${(error as Error).message}`);
    }
  }
}

/** The deliveries a server logged in a project (oldest first); empty when there is no log yet. */
export function readDeliveryLog(projectDir: string): DeliveryRecord[] {
  const text = readProjectText(projectDir, DELIVERY_LOG_FILE);
  if (text === undefined) return [];
  const parsed = JSON.parse(text) as { deliveries?: unknown };
  return Array.isArray(parsed.deliveries) ? (parsed.deliveries as DeliveryRecord[]) : [];
}
