import crypto from 'node:crypto';
import type { LoggedFile } from './read-log.js';

/** A commit as the history index keeps it (what `git log` said of it). */
export interface IndexedCommit {
  readonly commit: string;
  readonly parents: readonly string[];
  readonly author: { readonly name: string; readonly email: string };
  readonly date: string;
  readonly message: string;
  /** Committer time (seconds): orders a history. */
  readonly time: number;
}

/**
 * The history of every `content/` path up to `head`: the commits (newest first, as `git log`
 * lists them) and, per path, what each commit that touched it did, as entries
 * `<age>.<status>.<before>.<after>` joined by spaces (age: the commit's position counted from
 * the oldest, so commits added later leave the ages of the others alone; `-`: no blob).
 */
export interface HistoryIndexData {
  readonly head: string;
  readonly commits: readonly IndexedCommit[];
  readonly paths: Map<string, string>;
}

/** A decoded index file: the commits parsed, the per-path lines read only when asked for. */
export interface OpenedHistoryIndex {
  readonly head: string;
  readonly commits: readonly IndexedCommit[];
  /** The files under paths starting with `prefix`, each with the commits (by age) that touched it. */
  pathsStartingWith(prefix: string): { path: string; entries: IndexEntry[] }[];
  /** Every path's raw entries (to extend the index). */
  allPaths(): Map<string, string>;
}

export interface IndexEntry {
  readonly age: number;
  readonly file: LoggedFile;
}

const MAGIC = 'cms-history-index 1';

/** The file's bytes: a header naming the format, the HEAD it covers and a checksum of the body. */
export function encodeHistoryIndex(data: HistoryIndexData): Buffer {
  const commits = JSON.stringify(data.commits.map((c) => [c.commit, c.parents.join(' '), c.author.name, c.author.email, c.date, c.time, c.message]));
  const lines = [...data.paths.entries()]
    .filter(([path]) => !/[\t\n]/.test(path))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, entries]) => `${path}\t${entries}\n`);
  const body = Buffer.from(`${commits}\n${lines.join('')}`, 'utf8');
  return Buffer.concat([Buffer.from(`${MAGIC}\nhead ${data.head}\nsha1 ${checksum(body)}\n`, 'utf8'), body]);
}

/** The index in `bytes`, or undefined when it is not one of this format or its checksum fails (damaged, truncated). */
export function decodeHistoryIndex(bytes: Buffer): OpenedHistoryIndex | undefined {
  const header = bytes.subarray(0, 200).toString('latin1').split('\n');
  const head = /^head ([0-9a-f]{40,64})$/.exec(header[1] ?? '')?.[1];
  const sum = /^sha1 ([0-9a-f]{40})$/.exec(header[2] ?? '')?.[1];
  if (header[0] !== MAGIC || head === undefined || sum === undefined) return undefined;
  const body = bytes.subarray(header.slice(0, 3).join('\n').length + 1);
  if (checksum(body) !== sum) return undefined;
  const commitsEnd = body.indexOf(10);
  let commits: IndexedCommit[];
  try {
    commits = (JSON.parse(body.subarray(0, commitsEnd).toString('utf8')) as [string, string, string, string, string, number, string][]).map(
      ([commit, parents, name, email, date, time, message]) => ({
        commit,
        parents: parents === '' ? [] : parents.split(' '),
        author: { name, email },
        date,
        message,
        time,
      }),
    );
  } catch {
    return undefined;
  }
  // From the newline that ends the commits, so that every path line is found as `\n<path>`.
  const paths = body.subarray(commitsEnd);
  return { head, commits, pathsStartingWith: (prefix) => findPaths(paths, prefix), allPaths: () => readAllPaths(paths) };
}

/** One entry of a path's line: what the commit of that age did to the file. */
export function formatEntry(age: number, file: LoggedFile): string {
  return `${age}.${file.status}.${file.before ?? '-'}.${file.after ?? '-'}`;
}

function checksum(body: Buffer): string {
  return crypto.createHash('sha1').update(body).digest('hex');
}

// Path lines are sorted: those starting with a prefix follow one another from the first.
function findPaths(paths: Buffer, prefix: string): { path: string; entries: IndexEntry[] }[] {
  const found: { path: string; entries: IndexEntry[] }[] = [];
  const needle = Buffer.from(`\n${prefix}`, 'utf8');
  let at = paths.indexOf(needle);
  while (at >= 0 && paths.subarray(at, at + needle.length).equals(needle)) {
    const end = paths.indexOf(10, at + 1);
    const line = paths.subarray(at + 1, end < 0 ? paths.length : end).toString('utf8');
    const tab = line.indexOf('\t');
    const path = line.slice(0, tab);
    found.push({ path, entries: parseEntries(path, line.slice(tab + 1)) });
    at = end;
  }
  return found;
}

function parseEntries(path: string, text: string): IndexEntry[] {
  return text.split(' ').map((raw) => {
    const [age = '0', status = '', before = '-', after = '-'] = raw.split('.');
    return {
      age: Number(age),
      file: { status, path, ...(before === '-' ? {} : { before }), ...(after === '-' ? {} : { after }) },
    };
  });
}

function readAllPaths(paths: Buffer): Map<string, string> {
  const all = new Map<string, string>();
  for (const line of paths.toString('utf8').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) all.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return all;
}
