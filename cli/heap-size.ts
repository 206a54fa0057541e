import os from 'node:os';
import v8 from 'node:v8';
import { UserError } from '../server/errors/user-error.js';
import { countContentFiles } from '../server/store/count-content-files.js';

/**
 * The heap a loaded project holds per 10,000 documents, as `cms serve` prints it after starting
 * (measured on bench/generate.mjs's articles at 100,000: 9.6 MB per 10,000 after load since long
 * values live off the heap; 15 leaves room for the load's own peak). Update it when the index
 * shrinks or grows.
 */
export const HEAP_MB_PER_10K_DOCUMENTS = 15;
/** Overrides that figure for one run (a project measured to need more, or less; the tests). */
export const HEAP_ESTIMATE_ENV = 'CMS_HEAP_MB_PER_10K';
/** Set in a command relaunched with a sized heap, which then does not count the project's files again. */
export const RELAUNCHED_ENV = 'CMS_HEAP_RELAUNCHED';
/** The heap of a server holding no document. */
const BASE_HEAP_MB = 64;
/** Room above the estimate for the garbage of loading and for answers in flight. */
const HEADROOM = 1.5;
/** The share of the machine's memory a heap may take: the rest is the OS's, the page cache's and the process's outside the heap. */
const MACHINE_SHARE = 0.75;

/** What decides the heap: all in MB but the count. */
export interface HeapFacts {
  readonly documents: number;
  readonly mbPer10k: number;
  /** V8's limit in this process (`heap_size_limit`). */
  readonly limitMb: number;
  readonly machineMb: number;
  /** True when the user set `--max-old-space-size` (in NODE_OPTIONS or node's flags): never overruled. */
  readonly userSet: boolean;
}

export type HeapPlan =
  | { readonly kind: 'fits' }
  | { readonly kind: 'relaunch'; readonly maxOldSpaceMb: number; readonly note: string }
  | { readonly kind: 'warn'; readonly warning: string }
  | { readonly kind: 'too-large'; readonly message: string };

/** Decides from the facts whether this process's heap holds the project, and what to do when not. */
export function planHeap(facts: HeapFacts): HeapPlan {
  const needMb = Math.ceil(BASE_HEAP_MB + (facts.documents * facts.mbPer10k) / 10_000);
  const wantMb = Math.ceil(needMb * HEADROOM);
  if (facts.userSet ? needMb <= facts.limitMb : wantMb <= facts.limitMb) return { kind: 'fits' };
  // Written only when said: the first toLocaleString loads ICU's data (~40 ms of every start).
  const what = `${facts.documents.toLocaleString('en-US')} content files need about ${needMb.toLocaleString('en-US')} MB of heap (${facts.mbPer10k} MB per 10,000 documents)`;
  const setIt = `NODE_OPTIONS=--max-old-space-size=${wantMb}`;
  if (facts.userSet) {
    return {
      kind: 'warn',
      warning: `${what}, more than this process's heap limit of ${facts.limitMb} MB (from the --max-old-space-size set): loading may run out of memory; set ${setIt}`,
    };
  }
  const allowedMb = Math.floor(facts.machineMb * MACHINE_SHARE);
  if (needMb > allowedMb) {
    return {
      kind: 'too-large',
      message:
        `${what}, more than this machine can give (${allowedMb} MB, ${Math.round(MACHINE_SHARE * 100)} % of its ${facts.machineMb} MB of memory). ` +
        `Run it on a machine with at least ${Math.ceil(wantMb / MACHINE_SHARE)} MB of memory, or set ${setIt} (what it needs, with room for answers) to try anyway.`,
    };
  }
  const maxOldSpaceMb = Math.min(wantMb, allowedMb);
  return {
    kind: 'relaunch',
    maxOldSpaceMb,
    note: `${what}, more than V8's default limit of ${facts.limitMb} MB here: starting again with --max-old-space-size=${maxOldSpaceMb} (of ${facts.machineMb} MB of memory)`,
  };
}

/** The facts of this process and of the project in `dir` (its content folders listed, nothing read). */
export async function readHeapFacts(dir: string): Promise<HeapFacts> {
  const fromEnv = process.env[HEAP_ESTIMATE_ENV];
  const mbPer10k = fromEnv === undefined || fromEnv === '' ? HEAP_MB_PER_10K_DOCUMENTS : Number(fromEnv);
  if (!Number.isFinite(mbPer10k) || mbPer10k <= 0) throw new UserError(`${HEAP_ESTIMATE_ENV}: expected a positive number of MB, got ${fromEnv}`, 2);
  const flags = `${process.execArgv.join(' ')} ${process.env['NODE_OPTIONS'] ?? ''}`;
  return {
    documents: await countContentFiles(dir),
    mbPer10k,
    limitMb: Math.floor(v8.getHeapStatistics().heap_size_limit / 2 ** 20),
    machineMb: Math.floor(os.totalmem() / 2 ** 20),
    userSet: /--max[-_]old[-_]space[-_]size/.test(flags),
  };
}
