import type { Repository } from './open-repository.js';
import { runGit } from './run-git.js';

/** A file as a commit holds it: `<commit>:<project-relative path>`. */
export interface BlobRef {
  readonly commit: string;
  readonly path: string;
}

/**
 * The texts of many committed files in one `git cat-file --batch`; undefined where the commit has
 * no such file.
 */
export async function readBlobs(repo: Repository, refs: readonly BlobRef[]): Promise<(string | undefined)[]> {
  if (refs.length === 0) return [];
  const input = refs.map((ref) => `${ref.commit}:${repo.prefix}${ref.path}\n`).join('');
  const out = await runGit(repo.dir, ['cat-file', '--batch'], { input });
  const texts: (string | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < refs.length; i++) {
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
