import { readHistoryIndexFile, writeHistoryIndexFile } from '../store/history-index-file.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import {
  type HistoryIndexData,
  type IndexedCommit,
  type OpenedHistoryIndex,
  decodeHistoryIndex,
  encodeHistoryIndex,
  formatEntry,
} from './history-index-format.js';
import type { Repository } from './open-repository.js';
import { type TimedCommit, readRangeLog } from './read-log.js';
import { runGitText } from './run-git.js';

const FALSE = /^(false|no|off|0)$/i;

/**
 * The per-path history index of `.cms/history-index`, brought up to HEAD: read as it is when it
 * covers HEAD; extended with the commits since (one `git log <old>..HEAD`) when HEAD moved
 * forward; made again from the whole log when the old HEAD is no ancestor of HEAD (a rebase, a
 * reset, another branch) or the file is missing, of another format, damaged or truncated (its
 * checksum fails). Undefined before the first commit, or when `git config cms.historyIndex false`
 * says not to use one: the caller then asks git per file.
 */
export async function openHistoryIndex(repo: Repository): Promise<OpenedHistoryIndex | undefined> {
  const [headText, setting] = await Promise.all([
    runGitText(repo.dir, ['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { allowed: [1, 128] }),
    runGitText(repo.dir, ['config', '--get', 'cms.historyIndex'], { allowed: [1] }),
  ]);
  const head = headText.trim();
  if (!/^[0-9a-f]{40,64}$/.test(head) || FALSE.test(setting.trim())) return undefined;
  // The index last read or made here (checked then) is used as it is while HEAD stays: a server
  // answers a history without reading the file again.
  const kept = lastOpened.get(repo.dir);
  if (kept?.head === head) return kept;
  const bytes = readHistoryIndexFile(repo.dir);
  const stored = bytes === undefined ? undefined : decodeHistoryIndex(bytes);
  if (stored?.head === head) return remember(repo, stored);
  const base = stored ?? kept;
  // Requests arriving while the index is made wait for that one rather than each making their own.
  const key = `${repo.dir}\0${head}`;
  const pending = updating.get(key) ?? update(repo, base, head).finally(() => updating.delete(key));
  updating.set(key, pending);
  return pending;
}

const updating = new Map<string, Promise<OpenedHistoryIndex | undefined>>();
const lastOpened = new Map<string, OpenedHistoryIndex>();

function remember(repo: Repository, index: OpenedHistoryIndex | undefined): OpenedHistoryIndex | undefined {
  if (index === undefined) lastOpened.delete(repo.dir);
  else lastOpened.set(repo.dir, index);
  return index;
}

async function update(repo: Repository, stored: OpenedHistoryIndex | undefined, head: string): Promise<OpenedHistoryIndex | undefined> {
  const data = stored !== undefined && (await isAncestor(repo, stored.head, head)) ? await extend(repo, stored, head) : await build(repo, head);
  const encoded = encodeHistoryIndex(data);
  writeHistoryIndexFile(repo.dir, encoded);
  return remember(repo, decodeHistoryIndex(encoded));
}

/** Exit 0: an ancestor; 1: not one; 128: the old commit is gone (garbage-collected): a rebuild either way. */
async function isAncestor(repo: Repository, old: string, head: string): Promise<boolean> {
  return runGitText(repo.dir, ['merge-base', '--is-ancestor', old, head]).then(
    () => true,
    () => false,
  );
}

async function build(repo: Repository, head: string): Promise<HistoryIndexData> {
  const paths = new Map<string, string>();
  const commits = addCommits(await readRangeLog(repo, head), paths, 0);
  return { head, commits, paths };
}

async function extend(repo: Repository, stored: OpenedHistoryIndex, head: string): Promise<HistoryIndexData> {
  const paths = stored.allPaths();
  const added = addCommits(await readRangeLog(repo, `${stored.head}..${head}`), paths, stored.commits.length);
  return { head, commits: [...added, ...stored.commits], paths };
}

/** Adds what the logged commits (newest first) did to `content/` files to `paths`; ages from `base` (the oldest of them). */
function addCommits(logged: readonly TimedCommit[], paths: Map<string, string>, base: number): IndexedCommit[] {
  const folder = `${CONTENT_DIR}/`;
  for (let i = logged.length - 1; i >= 0; i--) {
    const age = base + logged.length - 1 - i;
    for (const file of logged[i]!.logged.files) {
      if (!file.path.startsWith(folder)) continue;
      const entry = formatEntry(age, file);
      const before = paths.get(file.path);
      paths.set(file.path, before === undefined ? entry : `${before} ${entry}`);
    }
  }
  return logged.map(({ logged: { commit, parents, author, date, message }, time }) => ({ commit, parents, author, date, message, time }));
}
