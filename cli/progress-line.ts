import type { LoadProgress, LoadStep } from '../server/runtime/load-project.js';

/** Where a progress line goes: a terminal (one line rewritten in place) or a pipe or file (a line now and then). */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean | undefined;
}

export interface ProgressLine {
  readonly progress: LoadProgress;
  /** Takes the line off a terminal before other output (nothing otherwise). */
  clear(): void;
}

/** A load shorter than this shows nothing; a terminal's line is rewritten at most this often after. */
const TERMINAL_AFTER_MS = 1_000;
const TERMINAL_EVERY_MS = 100;
/** Without a terminal (a log file, a container's output): a first line after this long, then one per interval. */
const PLAIN_AFTER_MS = 5_000;
const PLAIN_EVERY_MS = 10_000;

/**
 * How far a long load is (a million files take a while, and a start that says nothing for a minute
 * looks hung): on a terminal, one line rewritten in place and taken off before other output; in a
 * log, a line every few seconds. A short load prints nothing.
 */
export function createProgressLine(stream: ProgressStream, now: () => number = Date.now): ProgressLine {
  const terminal = stream.isTTY === true;
  /** When the next line may be written (undefined before the first call). */
  let nextAt: number | undefined;
  let shown = false;
  let lastStep: LoadStep | undefined;
  let lastText = '';
  return {
    progress(step, done, total) {
      const time = now();
      nextAt ??= time + (terminal ? TERMINAL_AFTER_MS : PLAIN_AFTER_MS);
      // A new step shows at once on a terminal (once the line is showing).
      if (time < nextAt && !(terminal && shown && step !== lastStep)) return;
      lastStep = step;
      nextAt = time + (terminal ? TERMINAL_EVERY_MS : PLAIN_EVERY_MS);
      const text = describeProgress(step, done, total);
      if (terminal && shown && text === lastText) return;
      lastText = text;
      if (terminal) {
        stream.write(`\r${text}\x1b[K`);
        shown = true;
      } else stream.write(`${text}\n`);
    },
    clear() {
      if (!shown) return;
      stream.write('\r\x1b[K');
      shown = false;
    },
  };
}

/** One line of progress: what the load does, and how far it is. */
export function describeProgress(step: LoadStep, done: number, total: number): string {
  const share = `${total === 0 ? 100 : Math.floor((100 * done) / total)}%`;
  switch (step) {
    case 'cache':
      return `cms: reading the index cache, ${share} of ${size(total)}`;
    case 'check':
      return `cms: checking ${count(total)} content files against the index cache, ${share}`;
    case 'read':
      return `cms: reading ${count(total)} content files, ${share}`;
  }
}

function size(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1e6))} MB`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
