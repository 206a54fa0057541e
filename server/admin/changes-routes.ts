import Router from '@koa/router';
import type { Context } from 'koa';
import { isPlainObject } from '../config/is-plain-object.js';
import { ApiError, validationError } from '../errors/api-error.js';
import { commitWorkingChanges } from '../git/commit-working-changes.js';
import { discardChanges } from '../git/discard-changes.js';
import type { Repository } from '../git/open-repository.js';
import { type ChangeSchemas, readWorkingChanges } from '../git/read-working-changes.js';
import { selectChangedFiles } from '../git/select-changed-files.js';
import { type AdminDependencies, type ResyncFile, requireRole } from './admin-context.js';
import { commitAuthorOf, localeCodes, withRepository } from './admin-git.js';
import { presentChanges } from './present-changes.js';
import { SCHEMAS_DIR, UPLOADS_DIR } from '../store/project-layout.js';

/** At most this many documents or paths in one commit or discard, and hashes handed back. */
const MAX_TARGETS = 1_000;
const MAX_HASHES = 10_000;
/** A git object name: SHA-1, or SHA-256 in a repository that uses it. */
const HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The Changes screen: what changed under content/, uploads/ and schemas/ since the last commit,
 * per document with field diffs and file hashes; commit a chosen set (the signed-in administrator
 * as author) or discard it. Both take back the hashes the screen was shown: a file changed since,
 * or a changed file the screen did not show, is refused (409), never committed or discarded unseen.
 */
export function createChangesRouter(deps: AdminDependencies): Router {
  const router = new Router({ prefix: '/admin/changes' });
  const schemas = () => changeSchemas(deps);
  // One commit or discard at a time: two at once would stage into the same git index.
  let last: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };

  router.get('/', async (ctx) => {
    ctx.body = { data: await withRepository(deps, async (repo) => presentChanges(deps, await readWorkingChanges(repo, schemas()))) };
  });

  router.post('/commit', async (ctx) => {
    requireRole(ctx, 'super-admin', 'editor');
    const body = readBody(ctx);
    const message = (ctx.request.body as Record<string, unknown>)['message'];
    if (typeof message !== 'string' || message.trim() === '')
      throw validationError('Write a commit message', { errors: [{ path: ['message'], message: 'Required' }] });
    const author = commitAuthorOf(ctx);
    ctx.body = {
      data: await oneAtATime(() =>
        withRepository(deps, async (repo) => {
          const paths = await seenFiles(repo, deps, body);
          return commitWorkingChanges(repo, schemas(), { message, targets: paths, author, expected: body.hashes });
        }),
      ),
    };
  });

  router.post('/discard', async (ctx) => {
    requireRole(ctx, 'super-admin', 'editor');
    const body = readBody(ctx);
    const result = await oneAtATime(() =>
      withRepository(deps, async (repo) => {
        const paths = await seenFiles(repo, deps, body);
        return discardChanges(repo, schemas(), { targets: paths, expected: body.hashes });
      }),
    );
    // Git put the files back: the index takes them in now, not when (or whether) a watcher reports them.
    deps.resync?.([...result.restored, ...result.removed].map((path) => ({ area: areaOf(path), path })));
    ctx.body = { data: result };
  });
  return router;
}

interface TargetBody {
  readonly targets: string[];
  readonly hashes: Map<string, string | null>;
}

/** `{documents?, paths?, hashes}`: documents as `articles/hello`, project-relative paths, and the hash each file was shown with. */
function readBody(ctx: Context): TargetBody {
  const body: unknown = ctx.request.body;
  if (!isPlainObject(body)) throw validationError('Expected a JSON object');
  const list = (key: string, max: number): string[] => {
    const value = body[key] ?? [];
    if (!Array.isArray(value) || value.length > MAX_TARGETS || !value.every((item) => typeof item === 'string' && item.length > 0 && item.length <= max))
      throw validationError(`${key} must be a list of at most ${MAX_TARGETS} names`, { errors: [{ path: [key], message: 'Invalid list' }] });
    return value as string[];
  };
  const documents = list('documents', 200);
  const paths = list('paths', 1_000);
  for (const path of paths)
    if (path.startsWith('/') || path.includes('\\') || path.includes('\0') || path.split('/').some((part) => part === '..' || part === '.' || part === ''))
      throw validationError(`Invalid path "${path}"`, { errors: [{ path: ['paths'], message: 'Invalid path' }] });
  const targets = [...documents, ...paths];
  if (targets.length === 0) throw validationError('Choose the documents or files', { errors: [{ path: ['documents'], message: 'Required' }] });
  const given = body['hashes'];
  if (!isPlainObject(given) || Object.keys(given).length > MAX_HASHES)
    throw validationError('hashes must be an object of path → hash, as GET /admin/changes answered them');
  const hashes = new Map<string, string | null>();
  for (const [path, hash] of Object.entries(given)) {
    if (hash !== null && (typeof hash !== 'string' || !HASH.test(hash))) throw validationError(`hashes: invalid hash for ${path}`);
    hashes.set(path, hash);
  }
  return { targets, hashes };
}

/**
 * The changed files the targets name, each one the caller was shown with the hash it still has:
 * the exact paths to hand to git. A file it was not shown (a change made since) is a 409.
 */
async function seenFiles(repo: Repository, deps: AdminDependencies, body: TargetBody): Promise<string[]> {
  const changes = await readWorkingChanges(repo, changeSchemas(deps));
  const files = selectChangedFiles(changes, body.targets);
  for (const file of files) {
    if (!body.hashes.has(file.path) || body.hashes.get(file.path) !== file.hash)
      throw new ApiError(409, 'ConflictError', `${file.path} changed since the list was shown: look at the changes again`, { path: file.path });
  }
  return files.map((file) => file.path);
}

function areaOf(path: string): ResyncFile['area'] {
  if (path.startsWith(`${UPLOADS_DIR}/`)) return 'uploads';
  return path.startsWith(`${SCHEMAS_DIR}/`) ? 'schemas' : 'content';
}

/** The project's schemas and locales as the git layer reads changes with them. */
function changeSchemas(deps: AdminDependencies): ChangeSchemas {
  const { config } = deps;
  return { registry: deps.project.current.registry, defaultLocale: config.i18n.defaultLocale, locales: localeCodes(deps) };
}
