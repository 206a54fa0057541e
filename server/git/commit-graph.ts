import path from 'node:path';
import { readGitMetadataFile } from '../store/git-metadata-file.js';
import { type CommitGraphLayer, parseCommitGraph } from './commit-graph-file.js';
import type { Repository } from './open-repository.js';
import { runGit, runGitText } from './run-git.js';

/** Where a repository's commit-graph stands for path-limited logs. */
export interface CommitGraphState {
  /** HEAD's commit; null before the first commit. */
  readonly head: string | null;
  /** Every layer has changed-path Bloom filters and one holds HEAD: a log of one path is fast. */
  readonly fresh: boolean;
  /** Some layer lacks Bloom filters (written by `git gc` without `--changed-paths`). */
  readonly withoutBloom: boolean;
  /** Whether cms may write it: not when `core.commitGraph`, `commitGraph.readChangedPaths` or `cms.commitGraph` is false. */
  readonly allowed: boolean;
}

const FALSE = /^(false|no|off|0)$/i;

/** Reads the commit-graph's layers (two git processes, a few file reads): is it there, with Bloom filters, holding HEAD? */
export async function readCommitGraphState(repo: Repository): Promise<CommitGraphState> {
  const [paths, settings] = await Promise.all([
    runGitText(repo.dir, ['rev-parse', '--git-path', 'objects/info/commit-graph', '--git-path', 'objects/info/commit-graphs', 'HEAD'], {
      allowed: [128],
    }),
    runGitText(repo.dir, ['config', '--get-regexp', '^(core\\.commitgraph|commitgraph\\.readchangedpaths|cms\\.commitgraph)$'], { allowed: [1] }),
  ]);
  const [single = '', folder = '', head = ''] = paths.split('\n');
  const allowed = !settings.split('\n').some((line) => FALSE.test(line.slice(line.indexOf(' ') + 1).trim()));
  const layers = readLayers(path.resolve(repo.dir, single), path.resolve(repo.dir, folder));
  const commit = /^[0-9a-f]{40,64}$/.test(head) ? head : null;
  const withoutBloom = layers.some((layer) => !layer.bloom);
  const fresh = commit !== null && layers.length > 0 && !withoutBloom && layers.some((layer) => layer.has(commit));
  return { head: commit, fresh, withoutBloom, allowed };
}

/**
 * Makes git's changed-path Bloom filters cover HEAD, so that a log of one literal path reads only
 * the commits whose filter says "maybe": writes the commit-graph when it is missing, lacks the
 * filters, or does not hold HEAD yet (then one more layer, `--split`, for the new commits only).
 * Nothing is written when it is fresh or a setting says no (`git config cms.commitGraph false`).
 * Answers whether the filters cover HEAD afterwards; a failed write (a read-only repository, a
 * lock held, a shallow clone) only answers false, and the caller reads one glob log instead.
 */
export async function ensureCommitGraph(repo: Repository): Promise<boolean> {
  const state = await readCommitGraphState(repo);
  if (state.fresh) return true;
  if (state.head === null || !state.allowed) return false;
  const split = state.withoutBloom ? '--split=replace' : '--split';
  try {
    await runGit(repo.dir, ['commit-graph', 'write', '--reachable', '--changed-paths', split, '--no-progress']);
  } catch {
    return false;
  }
  // Git may write nothing and still succeed (a shallow clone): only filters that are there count.
  return (await readCommitGraphState(repo)).fresh;
}

function readLayers(single: string, folder: string): CommitGraphLayer[] {
  // Git reads the one-file graph when there is one, else the split chain (its layers base first).
  const one = readGitMetadataFile(single);
  const chain = one === undefined ? readGitMetadataFile(path.join(folder, 'commit-graph-chain')) : undefined;
  const all =
    one !== undefined
      ? [one]
      : (chain?.toString('latin1').split('\n') ?? [])
          .filter((line) => /^[0-9a-f]{40,64}$/.test(line))
          .map((hash) => readGitMetadataFile(path.join(folder, `graph-${hash}.graph`)));
  const layers: CommitGraphLayer[] = [];
  for (const bytes of all) {
    const layer = bytes === undefined ? undefined : parseCommitGraph(bytes);
    if (layer !== undefined) layers.push(layer);
  }
  return layers;
}
