import Router from '@koa/router';
import { isPlainObject } from '../config/is-plain-object.js';
import { renameDocument } from '../documents/rename-document.js';
import { applicationError, notFoundError, validationError } from '../errors/api-error.js';
import { UserError } from '../errors/user-error.js';
import { openRepository, readRepositoryState } from '../git/open-repository.js';
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
  router.post('/collection-types/:uid/:documentId/actions/change-id', async (ctx) => {
    requireRole(ctx, 'super-admin', 'editor');
    const type = deps.project.current.registry.contentTypes.get(String(ctx.params['uid']));
    if (type === undefined || type.kind !== 'collectionType') throw notFoundError('Content type not found');
    const documentId = String(ctx.params['documentId']);
    if (!isDocumentId(documentId)) throw notFoundError();
    const body: unknown = ctx.request.body;
    const newId = isPlainObject(body) ? body['newId'] : undefined;
    if (typeof newId !== 'string') throw validationError('newId is required', { errors: [{ path: ['newId'], message: 'Required' }] });
    await refuseDuringGitOperation(deps.config.dir);
    const result = renameDocument(deps.project, { type, documentId }, newId);
    // An Author who created the document still owns it under its new name.
    if (result.moved.length > 0) deps.admins.renameCreated(documentKey(type.uid, documentId), documentKey(type.uid, newId), new Date(deps.now()).toISOString());
    ctx.body = { data: { documentId: newId, moved: result.moved, rewritten: result.rewritten } };
  });
  return router;
}

/** A rename rewrites files across the project: not while git is merging or rebasing (files may be in conflict). Without git: nothing to wait for. */
async function refuseDuringGitOperation(dir: string): Promise<void> {
  let operation: string | null;
  try {
    operation = (await readRepositoryState(await openRepository(dir))).operation;
  } catch (error) {
    if (error instanceof UserError) return;
    throw error;
  }
  if (operation !== null) throw applicationError(`A ${operation} is in progress: finish or abort it before changing ids`);
}
