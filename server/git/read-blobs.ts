import type { Repository } from './open-repository.js';
import { runGit } from './run-git.js';

/** A file as a commit holds it: `<commit>:<project-relative path>`. */
export interface BlobRef {
  readonly commit: string;
  readonly path: string;
}

/**
 * The texts of many committed files in one `git cat-file --batch`; undefined where the commit has
 * no such file. Each `<commit>:<path>` walks the commit's trees: when the blob ids are known
 * (`readLog` gives them), `readBlobTexts` skips that walk.
 */
export async function readBlobs(repo: Repository, refs: readonly BlobRef[]): Promise<(string | undefined)[]> {
  return readObjects(
    repo,
    refs.map((ref) => `${ref.commit}:${repo.prefix}${ref.path}`),
  );
}

/** The object name of a file as git's index holds it (`:<path>`: a binary search in the index, no tree walked). */
export function indexedName(repo: Repository, path: string): string {
  return `:${repo.prefix}${path}`;
}

/** The texts of blobs by id (or any object name, `indexedName`), in one `git cat-file --batch`, each asked once; undefined for one git does not have. */
export async function readBlobTexts(repo: Repository, oids: readonly string[]): Promise<Map<string, string | undefined>> {
  const unique = [...new Set(oids)];
  const texts = await readObjects(repo, unique);
  return new Map(unique.map((oid, i) => [oid, texts[i]]));
}

async function readObjects(repo: Repository, names: readonly string[]): Promise<(string | undefined)[]> {
  if (names.length === 0) return [];
  const out = await runGit(repo.dir, ['cat-file', '--batch'], { input: names.map((name) => `${name}\n`).join('') });
  const texts: (string | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < names.length; i++) {
    const end = out.indexOf(10, at);
    const header = out.toString('utf8', at, end);
    at = end + 1;
    const parts = header.split(' ');
    if (parts.length !== 3 || parts[1] !== 'blob') {
      texts.push(undefined);
      continue;
    }
    const size = Number(parts[2]);
    texts.push(out.toString('utf8', at, at + size));
    at += size + 1;
  }
  return texts;
}
