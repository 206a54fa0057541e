import type { DocumentAddress } from './document-files.js';
import { documentPathspecs } from './document-files.js';
import type { Repository } from './open-repository.js';
import { type LoggedCommit, type LoggedFile, type TimedCommit, readLog, readTimedLog } from './read-log.js';
import { runGitText } from './run-git.js';

/** How a document's log is read. */
export interface DocumentLogOptions {
  /** The commit to start from. */
  readonly from: string;
  readonly limit?: number | undefined;
  /**
   * The exact paths the document's files may have (`documentFileNames`), read one `git log` each,
   * which git's changed-path Bloom filters serve (they take one literal path per log); undefined:
   * one log of glob pathspecs, which reads every commit's tree.
   */
  readonly names?: readonly string[] | undefined;
}

/** How many logs run at once. */
const PARALLEL = 4;

/**
 * The commits that touched a file of the document, newest first, as one `git log` of all its
 * names would list them: one glob log, or one literal log per name, merged.
 */
export async function readDocumentLog(repo: Repository, address: DocumentAddress, options: DocumentLogOptions): Promise<LoggedCommit[]> {
  const limit = { from: options.from, limit: options.limit };
  if (options.names === undefined) return readLog(repo, documentPathspecs(address), limit);
  const logs = await mapLimited(options.names, (name) => readTimedLog(repo, [`:(literal)${name}`], limit));
  const merged = mergeLogs(logs);
  if (hasTies(merged)) await orderAsGit(repo, options.from, merged);
  return merged.slice(0, options.limit).map((entry) => entry.logged);
}

/** One entry per commit, the files of all logs together, by committer time (newest first). */
function mergeLogs(logs: readonly TimedCommit[][]): TimedCommit[] {
  const byCommit = new Map<string, { time: number; logged: LoggedCommit; files: LoggedFile[] }>();
  for (const log of logs)
    for (const { logged, time } of log) {
      const found = byCommit.get(logged.commit);
      if (found === undefined) byCommit.set(logged.commit, { time, logged, files: [...logged.files] });
      else found.files.push(...logged.files);
    }
  const merged = [...byCommit.values()].map(({ time, logged, files }) => ({ time, logged: { ...logged, files: files.sort(byPath) } }));
  return merged.sort((a, b) => b.time - a.time);
}

function byPath(a: LoggedFile, b: LoggedFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

function hasTies(list: readonly TimedCommit[]): boolean {
  return list.some((entry, i) => i > 0 && entry.time === list[i - 1]!.time);
}

/** Commits made within one second: ordered as git walks them from `from` (children before parents). */
async function orderAsGit(repo: Repository, from: string, list: TimedCommit[]): Promise<void> {
  const order = new Map<string, number>();
  const walked = await runGitText(repo.dir, ['rev-list', from], { allowed: [128] });
  walked.split('\n').forEach((commit, i) => order.set(commit, i));
  list.sort((a, b) => b.time - a.time || (order.get(a.logged.commit) ?? 0) - (order.get(b.logged.commit) ?? 0));
}

async function mapLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      out[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
  return out;
}
