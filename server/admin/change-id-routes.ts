import Router from '@koa/router';
import { isPlainObject } from '../config/is-plain-object.js';
import { renameDocument } from '../documents/rename-document.js';
import { notFoundError, validationError } from '../errors/api-error.js';
import { isDocumentId } from '../store/content-path.js';
import { type AdminDependencies, requireRole } from './admin-context.js';
import { documentKey } from './admin-store.js';

/**
 * "Change id" on the edit view: `cms mv` from the editor. Every file of the document moves to the
 * new documentId and every relation pointing at it is rewritten, in one all-or-nothing write; its
 * numeric id stays. Editors and Super Admins only; works with or without git.
 */
export function createChangeIdRouter(deps: AdminDependencies): Router {
  const router = new Router({ prefix: '/admin/content-manager' });
  router.post('/collection-types/:uid/:documentId/actions/change-id', (ctx) => {
    requireRole(ctx, 'super-admin', 'editor');
    const type = deps.project.current.registry.contentTypes.get(String(ctx.params['uid']));
    if (type === undefined || type.kind !== 'collectionType') throw notFoundError('Content type not found');
    const documentId = String(ctx.params['documentId']);
    if (!isDocumentId(documentId)) throw notFoundError();
    const body: unknown = ctx.request.body;
    const newId = isPlainObject(body) ? body['newId'] : undefined;
    if (typeof newId !== 'string') throw validationError('newId is required', { errors: [{ path: ['newId'], message: 'Required' }] });
    const result = renameDocument(deps.project, { type, documentId }, newId);
    // An Author who created the document still owns it under its new name.
    if (result.moved.length > 0) deps.admins.renameCreated(documentKey(type.uid, documentId), documentKey(type.uid, newId), new Date(deps.now()).toISOString());
    ctx.body = { data: { documentId: newId, moved: result.moved, rewritten: result.rewritten } };
  });
  return router;
}
