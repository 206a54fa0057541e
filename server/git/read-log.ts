import type { Repository } from './open-repository.js';
import { runGit } from './run-git.js';

/** A commit as `git log` lists it, with the files it changed among those asked about. */
export interface LoggedCommit {
  readonly commit: string;
  readonly parents: readonly string[];
  readonly author: { readonly name: string; readonly email: string };
  /** Author date, ISO 8601. */
  readonly date: string;
  /** The subject line. */
  readonly message: string;
  /** Project-relative paths with git's status letter (A, M, D, T). */
  readonly files: readonly LoggedFile[];
}

/** A file a logged commit changed: its status letter and the blobs before and after (absent: none). */
export interface LoggedFile {
  readonly status: string;
  readonly path: string;
  /** The blob the first parent held, when it held the file. */
  readonly before?: string;
  /** The blob the commit holds, when it holds the file. */
  readonly after?: string;
}

/** A logged commit with its committer time (seconds), which orders logs read apart. */
export interface TimedCommit {
  readonly logged: LoggedCommit;
  readonly time: number;
}

const RECORD = '\x1e';
const FIELD = '\x1f';
/** The all-zero object id git prints for "no blob" (a file absent on that side). */
export const NO_BLOB = /^0+$/;

/**
 * The commits reachable from `from` that changed files matching `pathspecs`, newest first; a
 * merge lists what it changed against its first parent. Empty when `from` does not exist (a
 * repository without commits).
 */
export async function readLog(repo: Repository, pathspecs: readonly string[], options: { from: string; limit?: number | undefined }): Promise<LoggedCommit[]> {
  const args = logArgs();
  if (options.limit !== undefined) args.push(`--max-count=${options.limit}`);
  args.push(options.from, '--', ...pathspecs);
  const out = await runGit(repo.dir, args, { allowed: [128] }).catch(() => Buffer.alloc(0));
  return parseLog(repo, out.toString('utf8')).map((entry) => entry.logged);
}

/**
 * Every commit of `range` (`HEAD`, `<old>..HEAD`), newest first, with every file it changed
 * against its first parent (no pathspec: the history index reads the whole graph once). Throws
 * when git fails: an index must never be made of a log that was cut short.
 */
export async function readRangeLog(repo: Repository, range: string): Promise<TimedCommit[]> {
  return parseLog(repo, (await runGit(repo.dir, [...logArgs(), range, '--'])).toString('utf8'));
}

function logArgs(): string[] {
  return [
    'log',
    `--format=${RECORD}%H${FIELD}%P${FIELD}%an${FIELD}%ae${FIELD}%aI${FIELD}%ct${FIELD}%s`,
    '--raw',
    '--no-abbrev',
    '-z',
    '--no-renames',
    '--diff-merges=first-parent',
  ];
}

function parseLog(repo: Repository, text: string): TimedCommit[] {
  const commits: TimedCommit[] = [];
  for (const record of text.split(RECORD)) {
    if (record === '') continue;
    const headerEnd = record.indexOf('\0');
    const header = (headerEnd < 0 ? record : record.slice(0, headerEnd)).split(FIELD);
    const tokens =
      headerEnd < 0
        ? []
        : record
            .slice(headerEnd + 1)
            .replace(/^\n/, '')
            .split('\0');
    const files: LoggedFile[] = [];
    // --raw -z: `:<mode> <mode> <old blob> <new blob> <status>` NUL `<path>` NUL.
    for (let i = 0; i + 1 < tokens.length; i += 2) {
      const path = tokens[i + 1]!;
      const [, , before = '', after = '', status = ''] = tokens[i]!.split(' ');
      if (!path.startsWith(repo.prefix)) continue;
      files.push({
        status: status.charAt(0),
        path: path.slice(repo.prefix.length),
        ...(NO_BLOB.test(before) ? {} : { before }),
        ...(NO_BLOB.test(after) ? {} : { after }),
      });
    }
    const [commit = '', parents = '', name = '', email = '', date = '', time = '0', message = ''] = header;
    const logged = { commit, parents: parents === '' ? [] : parents.split(' '), author: { name, email }, date, message, files };
    commits.push({ logged, time: Number(time) });
  }
  return commits;
}

/** What changed between two commits within a folder: renames git detects (new path → old path) and removed files. */
export async function readFolderChanges(
  repo: Repository,
  range: { from: string; to: string },
  folder: string,
): Promise<{ renames: Map<string, string>; removed: string[] }> {
  const out = await runGit(repo.dir, ['diff-tree', '-r', '-M', '--name-status', '-z', range.from, range.to, '--', folder]);
  const tokens = out.toString('utf8').split('\0');
  const renames = new Map<string, string>();
  const removed: string[] = [];
  const local = (path: string): string => path.slice(repo.prefix.length);
  for (let i = 0; i < tokens.length;) {
    const status = tokens[i] ?? '';
    if (status === '') break;
    if (status.startsWith('R') || status.startsWith('C')) {
      if (status.startsWith('R')) renames.set(local(tokens[i + 2] ?? ''), local(tokens[i + 1] ?? ''));
      i += 3;
    } else {
      if (status === 'D') removed.push(local(tokens[i + 1] ?? ''));
      i += 2;
    }
  }
  return { renames, removed };
}
