import Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError, applicationError, notFoundError, validationError } from '../errors/api-error.js';
import { readDocumentHistory } from '../git/document-history.js';
import type { DocumentAddress } from '../git/document-files.js';
import { readRepositoryState } from '../git/open-repository.js';
import { readPastVersion } from '../git/read-past-version.js';
import { resolveCommit } from '../git/resolve-commit.js';
import { restoreVersion } from '../git/restore-version.js';
import type { AdminDependencies } from './admin-context.js';
import { addressOf, localeCodes, localeOf, presentFieldChange, requireOwner, withRepository } from './admin-git.js';
import { openForEditor } from './content-manager.js';

/** Commits per page of a history (`?limit=`), and the most one page may ask for. */
const DEFAULT_LIMIT = 30;
const MAX_LIMIT = 500;

/**
 * A document's history for the edit view's History panel: its commits (newest first, with the
 * fields each changed in this locale), one past version as the Content API answered it, and a
 * restore of that version, which is an ordinary save through the document service.
 */
export function createHistoryRouter(deps: AdminDependencies): Router {
  const router = new Router({ prefix: '/admin/history' });
  for (const [kind, path] of [
    ['collectionType', '/collection-types/:uid/:documentId'],
    ['singleType', '/single-types/:uid'],
  ] as const) {
    router.get(path, async (ctx) => {
      const address = addressOf(deps, ctx, kind);
      const locale = localeOf(deps, ctx, address.type);
      const limit = limitOf(ctx);
      ctx.body = await withRepository(deps, async (repo) => {
        const { registry } = deps.project.current;
        // Every locale is read, then this one's files kept: a page is full commits, so "more" is exact.
        const found = await readDocumentHistory(repo, address, {
          registry,
          defaultLocale: deps.config.i18n.defaultLocale,
          locales: localeCodes(deps),
          limit: limit + 1,
        });
        const commits = found.slice(0, limit).flatMap((commit) => {
          const files = commit.files.filter((file) => locale === null || file.locale === locale);
          if (files.length === 0) return [];
          return [{ ...commit, files: files.map((file) => ({ ...file, fields: file.fields.map(presentFieldChange) })) }];
        });
        return { data: { commits, hasMore: found.length > limit }, meta: { limit } };
      });
    });

    router.get(`${path}/:commit`, async (ctx) => {
      const address = addressOf(deps, ctx, kind);
      const locale = localeOf(deps, ctx, address.type);
      ctx.body = await withRepository(deps, async (repo) => {
        const commit = await resolveCommit(repo, String(ctx.params['commit']));
        const files = await readPastVersion(repo, address, {
          commit,
          registry: deps.project.current.registry,
          defaultLocale: deps.config.i18n.defaultLocale,
          locales: localeCodes(deps),
          locale: locale ?? undefined,
        });
        if (files.length === 0) throw notFoundError('This commit holds no version of the document');
        return { data: { commit, versions: files.map((file) => ({ path: file.path, locale: file.locale, draft: file.draft, data: file.answer })) } };
      });
    });

    router.post(`${path}/:commit/restore`, async (ctx) => {
      const address = addressOf(deps, ctx, kind);
      requireOwner(ctx, address);
      const locale = localeOf(deps, ctx, address.type);
      checkOpenedVersion(deps, ctx, address, locale);
      const context = { project: deps.project, defaultLocale: deps.config.i18n.defaultLocale, now: () => new Date(deps.now()).toISOString() };
      const result = await withRepository(deps, async (repo) => {
        const { operation } = await readRepositoryState(repo);
        // Files may be in conflict: cms writes none of them until git is done.
        if (operation !== null) throw applicationError(`A ${operation} is in progress: finish or abort it before restoring`);
        return restoreVersion(repo, context, { address, revision: String(ctx.params['commit']), locale: locale ?? undefined });
      });
      ctx.body = {
        data: {
          commit: result.commit,
          locale: result.locale,
          written: result.written.map((entry) => entry.path),
          dropped: result.dropped,
          keptPublished: result.keptPublished,
          document: openForEditor(deps.project, address.type, address.documentId, locale) ?? null,
        },
      };
    });
  }
  return router;
}

function limitOf(ctx: Context): number {
  const text = new URLSearchParams(ctx.querystring).get('limit');
  if (text === null) return DEFAULT_LIMIT;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw validationError(`limit must be an integer from 1 to ${MAX_LIMIT}`);
  return limit;
}

/** A restore from a form opened before the document last changed is refused, as a save is: 409. */
function checkOpenedVersion(deps: AdminDependencies, ctx: Context, address: DocumentAddress, locale: string | null): void {
  const opened = ctx.get('X-Opened-Version');
  if (opened === '') return;
  const current = openForEditor(deps.project, address.type, address.documentId, locale);
  if (current !== undefined && current.version !== opened)
    throw new ApiError(409, 'ConflictError', 'This entry was changed on disk since you opened it: reload it to see the changes', {
      updatedAt: current.updatedAt,
    });
}
