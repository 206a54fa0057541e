import type { ContentType } from '../schema/content-type.js';
import { RENAMED_FROM_KEY } from '../store/check-document.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import { decodeVersion } from './decode-version.js';
import type { Repository } from './open-repository.js';
import { readBlobs } from './read-blobs.js';
import { readFolderChanges } from './read-log.js';

/**
 * The paths files created by a commit had before, when the commit renamed them (created path →
 * old path): git's rename detection, or else (`cms mv` rewrites a file, so it may not look
 * similar) a file of the same locale and kind removed by the same commit whose documentId, or
 * whose own `renamedFrom`, is the created file's `renamedFrom`.
 */
export async function findRenameSources(
  repo: Repository,
  type: ContentType,
  created: { commit: string; parent: string; paths: readonly string[] },
): Promise<Map<string, string>> {
  const folder = `${CONTENT_DIR}/${type.pluralName}/`;
  const { renames, removed } = await readFolderChanges(repo, { from: created.parent, to: created.commit }, folder);
  const found = new Map<string, string>();
  const texts = await readBlobs(
    repo,
    created.paths.map((path) => ({ commit: created.commit, path })),
  );
  const olds = await readBlobs(
    repo,
    removed.map((path) => ({ commit: created.parent, path })),
  );
  const originOfRemoved = removed.map((path, i) => decodeVersion(type, path, olds[i]).data?.[RENAMED_FROM_KEY]);
  created.paths.forEach((path, i) => {
    const detected = renames.get(path);
    if (detected !== undefined) return found.set(path, detected);
    const origin = decodeVersion(type, path, texts[i]).data?.[RENAMED_FROM_KEY];
    if (typeof origin !== 'string') return undefined;
    const suffix = suffixOf(path);
    const at = removed.findIndex((old, j) => suffixOf(old) === suffix && (stemOf(old) === origin || originOfRemoved[j] === origin));
    if (at >= 0) found.set(path, removed[at]!);
    return undefined;
  });
  return found;
}

function stemOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).split('.')[0] ?? '';
}

/** `.fr.draft.json` of `content/articles/x.fr.draft.json`. */
function suffixOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.indexOf('.');
  return dot < 0 ? '' : base.slice(dot);
}
