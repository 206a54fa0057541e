import Router from '@koa/router';
import type { Context } from 'koa';
import { isPlainObject } from '../config/is-plain-object.js';
import { answerWrite } from '../documents/answer-write.js';
import { discardDraft, unpublishDocument } from '../documents/publication.js';
import { ApiError, applicationError, forbiddenError, notFoundError, validationError } from '../errors/api-error.js';
import type { ContentType } from '../schema/content-type.js';
import { type AdminDependencies, signedInOf } from './admin-context.js';
import { documentKey } from './admin-store.js';
import { listForEditor, openForEditor, sortBeforeEditorList } from './content-manager.js';
import { describeSchemas, mainFieldOf } from './describe-schemas.js';

/** At most this many documents in one bulk action. */
const MAX_BULK = 100;

/**
 * The content manager's JSON routes. Every write goes through the document service the API uses
 * (`answerWrite`), with the body and query string the same REST write would carry, so the files it
 * leaves are the same bytes.
 */
export function createContentManagerRouter(deps: AdminDependencies): Router {
  const router = new Router({ prefix: '/admin/content-manager' });
  const { config, project } = deps;

  router.get('/init', (ctx) => {
    ctx.body = {
      data: { ...describeSchemas(project.current.registry), locales: config.i18n.locales, defaultLocale: config.i18n.defaultLocale },
    };
  });

  router.get('/collection-types/:uid', async (ctx) => {
    const type = typeOf(deps, ctx, 'collectionType');
    await sortBeforeEditorList(project, config, type, ctx.querystring);
    ctx.body = { data: listForEditor(project, config, type, ctx.querystring) };
  });

  router.get('/relations/:uid', (ctx) => {
    const type = typeOf(deps, ctx, undefined);
    const params = new URLSearchParams(ctx.querystring);
    params.set('pagination[pageSize]', '10');
    const { results } = listForEditor(project, config, type, params.toString());
    const field = mainFieldOf(type);
    ctx.body = {
      data: (results as Record<string, unknown>[]).map((row) => {
        const label = field !== undefined ? row[field] : undefined;
        return { documentId: row['documentId'], label: typeof label === 'string' && label !== '' ? label : row['documentId'] };
      }),
    };
  });

  // Single types: the same actions without a documentId.
  for (const [kind, path] of [
    ['collectionType', '/collection-types/:uid/:documentId'],
    ['singleType', '/single-types/:uid'],
  ] as const) {
    router.get(path, (ctx) => {
      const type = typeOf(deps, ctx, kind);
      const found = openForEditor(project, type, documentIdOf(ctx), localeOf(deps, ctx, type));
      if (found === undefined) throw notFoundError();
      ctx.body = { data: found };
    });
    router.put(path, async (ctx) => {
      const type = typeOf(deps, ctx, kind);
      checkOwner(deps, ctx, type);
      await write(deps, ctx, type, { action: 'update', publish: false });
    });
    router.post(`${path}/actions/publish`, async (ctx) => {
      const type = typeOf(deps, ctx, kind);
      checkOwner(deps, ctx, type);
      await write(deps, ctx, type, { action: 'update', publish: true });
    });
    router.post(`${path}/actions/unpublish`, (ctx) => {
      const type = typeOf(deps, ctx, kind);
      checkOwner(deps, ctx, type);
      const locale = localeOf(deps, ctx, type);
      if (!unpublishDocument(project, { type, documentId: documentIdOf(ctx), locale }, new Date(deps.now()).toISOString()))
        throw applicationError('This document is not published');
      ctx.body = { data: openForEditor(project, type, documentIdOf(ctx), locale) };
    });
    router.post(`${path}/actions/discard`, (ctx) => {
      const type = typeOf(deps, ctx, kind);
      checkOwner(deps, ctx, type);
      const locale = localeOf(deps, ctx, type);
      if (discardDraft(project, { type, documentId: documentIdOf(ctx), locale }) !== 'discarded')
        throw applicationError('There are no draft changes to discard');
      ctx.body = { data: openForEditor(project, type, documentIdOf(ctx), locale) };
    });
    router.delete(path, async (ctx) => {
      const type = typeOf(deps, ctx, kind);
      checkOwner(deps, ctx, type);
      await answerWrite(
        project,
        { type, action: 'delete', documentId: documentIdOf(ctx), body: undefined, querystring: apiQuery(deps, ctx, type, false) },
        writeOptions(deps),
      );
      ctx.body = { data: {} };
    });
  }

  router.post('/collection-types/:uid', async (ctx) => {
    const type = typeOf(deps, ctx, 'collectionType');
    await write(deps, ctx, type, { action: 'create', publish: new URLSearchParams(ctx.querystring).get('publish') === 'true' });
  });

  router.post('/collection-types/:uid/actions/:bulk', async (ctx) => {
    const type = typeOf(deps, ctx, 'collectionType');
    const bulk = String(ctx.params['bulk']);
    const body: unknown = ctx.request.body;
    const ids = isPlainObject(body) && Array.isArray(body['documentIds']) ? body['documentIds'] : undefined;
    if (ids === undefined || ids.length > MAX_BULK || !ids.every((id): id is string => typeof id === 'string'))
      throw validationError(`documentIds must be a list of at most ${MAX_BULK} documentIds`);
    const locale = localeOf(deps, ctx, type);
    let count = 0;
    for (const documentId of ids) {
      checkOwner(deps, ctx, type, documentId);
      if (bulk === 'bulkDelete') {
        await answerWrite(project, { type, action: 'delete', documentId, body: undefined, querystring: apiQuery(deps, ctx, type, false) }, writeOptions(deps));
        count++;
      } else if (bulk === 'bulkPublish') {
        if (project.current.index.findRecord(type, documentId, locale) === undefined) continue;
        await answerWrite(
          project,
          { type, action: 'update', documentId, body: { data: {} }, querystring: apiQuery(deps, ctx, type, false) },
          writeOptions(deps),
        );
        count++;
      } else if (bulk === 'bulkUnpublish') {
        if (unpublishDocument(project, { type, documentId, locale }, new Date(deps.now()).toISOString())) count++;
      } else throw notFoundError();
    }
    ctx.body = { data: { count } };
  });
  return router;
}

interface WriteKind {
  readonly action: 'create' | 'update';
  /** Publish (the API's write without `status=draft`), or save the draft. */
  readonly publish: boolean;
}

/** A save: the REST write with the same body and query; answers the document as the edit view opens it. */
async function write(deps: AdminDependencies, ctx: Context, type: ContentType, kind: WriteKind): Promise<void> {
  const signedIn = signedInOf(ctx);
  const documentId = kind.action === 'create' ? undefined : documentIdOf(ctx);
  if (kind.action === 'update') checkUnchanged(deps, ctx, type, documentId);
  const querystring = apiQuery(deps, ctx, type, !kind.publish);
  const answer = await answerWrite(deps.project, { type, action: kind.action, documentId, body: ctx.request.body, querystring }, writeOptions(deps));
  const written = (answer.body?.data ?? {}) as { documentId?: string };
  const id = written.documentId ?? documentId;
  if (kind.action === 'create' && id !== undefined) deps.admins.recordCreated(signedIn.admin.id, documentKey(type.uid, id), new Date(deps.now()).toISOString());
  ctx.status = answer.status;
  ctx.body = { data: openForEditor(deps.project, type, type.kind === 'singleType' ? undefined : id, localeOf(deps, ctx, type)) };
}

/** The header a save carries: the `version` of the document the form was opened from. */
const OPENED_HEADER = 'X-Opened-Version';

/**
 * A file changed since the form was opened (by hand, by git, by someone else) is not overwritten:
 * 409, and the editor shows a notice with the choice to reload.
 */
function checkUnchanged(deps: AdminDependencies, ctx: Context, type: ContentType, documentId: string | undefined): void {
  const opened = ctx.get(OPENED_HEADER);
  if (opened === '') return;
  const current = openForEditor(deps.project, type, documentId, localeOf(deps, ctx, type));
  if (current !== undefined && current.version !== opened)
    throw new ApiError(409, 'ConflictError', 'This entry was changed on disk since you opened it: reload it to see the changes', {
      updatedAt: current.updatedAt,
    });
}

/** The REST query string of the same write: the locale, and `status=draft` for a draft save. */
function apiQuery(deps: AdminDependencies, ctx: Context, type: ContentType, draft: boolean): string {
  const params = new URLSearchParams();
  if (type.localized) params.set('locale', localeOf(deps, ctx, type) ?? deps.config.i18n.defaultLocale);
  if (draft && type.draftAndPublish) params.set('status', 'draft');
  return params.toString();
}

function writeOptions(deps: AdminDependencies) {
  return { config: deps.config, warn: deps.warn, now: () => new Date(deps.now()).toISOString() };
}

/** An Author changes only the documents they created (Strapi's "is creator" condition). */
function checkOwner(deps: AdminDependencies, ctx: Context, type: ContentType, documentId = documentIdOf(ctx)): void {
  const { admin } = signedInOf(ctx);
  if (admin.role !== 'author') return;
  // A single type has no creator: Authors do not change it.
  if (documentId === undefined || !admin.created.includes(documentKey(type.uid, documentId)))
    throw forbiddenError('Only the author of this document can change it');
}

function typeOf(deps: AdminDependencies, ctx: Context, kind: ContentType['kind'] | undefined): ContentType {
  const type = deps.project.current.registry.contentTypes.get(String(ctx.params['uid']));
  if (type === undefined || (kind !== undefined && type.kind !== kind)) throw notFoundError('Content type not found');
  return type;
}

function documentIdOf(ctx: Context): string | undefined {
  const id = ctx.params['documentId'];
  return typeof id === 'string' ? id : undefined;
}

function localeOf(deps: AdminDependencies, ctx: Context, type: ContentType): string | null {
  if (!type.localized) return null;
  const locale = new URLSearchParams(ctx.querystring).get('locale') ?? deps.config.i18n.defaultLocale;
  if (!deps.config.i18n.locales.some((l) => l.code === locale)) throw validationError('Unknown locale');
  return locale;
}
