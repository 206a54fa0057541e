import type { OpenedHistoryIndex } from './history-index-format.js';
import type { LoggedCommit, LoggedFile } from './read-log.js';

/** Which files of a document to look up and from which commit. */
export interface IndexedLogQuery {
  /** The document's path without suffixes (`documentStem`). */
  readonly stem: string;
  /** The exact names to keep (`documentFileNames`); undefined: every `<stem>.json`, `<stem>.*.json`, `.md` alike. */
  readonly names?: readonly string[] | undefined;
  /** The commit to start from: HEAD, or the parent of a rename. */
  readonly from: string;
  readonly limit?: number | undefined;
}

/**
 * The commits that touched a file of the document, as `git log` of its file names lists them, read from
 * the history index: every commit reachable from `from` whose diff against its first parent
 * touched one of the files (git's log with `--diff-merges=first-parent` walks every parent, so a
 * merge lists what it brought), newest committer time first, ties in log order.
 */
export function readIndexedLog(index: OpenedHistoryIndex, query: IndexedLogQuery): LoggedCommit[] {
  const names = query.names === undefined ? undefined : new Set(query.names);
  const prefix = `${query.stem}.`;
  const byAge = new Map<number, LoggedFile[]>();
  for (const { path, entries } of index.pathsStartingWith(prefix)) {
    const rest = path.slice(prefix.length);
    const wanted = names !== undefined ? names.has(path) : !rest.includes('/') && (rest === 'json' || rest === 'md' || /\.(json|md)$/.test(rest));
    if (!wanted) continue;
    for (const { age, file } of entries) byAge.set(age, [...(byAge.get(age) ?? []), file]);
  }
  const count = index.commits.length;
  const reachable = reachableAges(index, query.from);
  const ages = [...byAge.keys()].filter((age) => reachable === undefined || reachable.has(age));
  // Newest first: by committer time, ties as the log lists them (a higher age is listed first).
  const commitOf = (age: number) => index.commits[count - 1 - age]!;
  ages.sort((a, b) => commitOf(b).time - commitOf(a).time || b - a);
  return ages.slice(0, query.limit).map((age) => {
    const { commit, parents, author, date, message } = commitOf(age);
    const files = byAge.get(age)!.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { commit, parents, author, date, message, files };
  });
}

/** The ages of the commits reachable from `from`; undefined: all of them (`from` is the index's HEAD). */
function reachableAges(index: OpenedHistoryIndex, from: string): Set<number> | undefined {
  if (from === 'HEAD' || from === index.head) return undefined;
  const count = index.commits.length;
  const ageOf = new Map(index.commits.map((c, i) => [c.commit, count - 1 - i]));
  const found = new Set<number>();
  const stack = [from];
  while (stack.length > 0) {
    const age = ageOf.get(stack.pop()!);
    if (age === undefined || found.has(age)) continue;
    found.add(age);
    stack.push(...index.commits[count - 1 - age]!.parents);
  }
  return found;
}
