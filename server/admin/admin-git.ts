import type { Context } from 'koa';
import { applicationError, forbiddenError, notFoundError, validationError } from '../errors/api-error.js';
import { UserError } from '../errors/user-error.js';
import type { DocumentAddress } from '../git/document-files.js';
import type { FieldChange } from '../git/diff-fields.js';
import { formatFieldChange } from '../git/format-field-change.js';
import { NotARepositoryError, type Repository, openRepository } from '../git/open-repository.js';
import type { ContentType } from '../schema/content-type.js';
import { isDocumentId } from '../store/content-path.js';
import { type AdminDependencies, signedInOf } from './admin-context.js';
import { documentKey } from './admin-store.js';

/** What `details.reason` says when the project is not in git: the editor then hides its git panels. */
export const NOT_A_REPOSITORY = 'not-a-repository';

/**
 * Runs git work for a route: the project's repository is opened for each request (a project may be
 * put into git while the server runs), and git's refusals (UserError) become Strapi's
 * ApplicationError, the message as git or cms wrote it.
 */
export async function withRepository<T>(deps: AdminDependencies, work: (repo: Repository) => Promise<T>): Promise<T> {
  try {
    return await work(await openRepository(deps.config.dir));
  } catch (error) {
    if (error instanceof NotARepositoryError)
      throw applicationError('This project is not in a git repository: history and changes need one (run git init)', { reason: NOT_A_REPOSITORY });
    if (error instanceof UserError) throw applicationError(error.message);
    throw error;
  }
}

/** The document a history route names: a collection type's documentId (checked), or a single type. */
export function addressOf(deps: AdminDependencies, ctx: Context, kind: ContentType['kind']): DocumentAddress {
  const type = deps.project.current.registry.contentTypes.get(String(ctx.params['uid']));
  if (type === undefined || type.kind !== kind) throw notFoundError('Content type not found');
  if (kind === 'singleType') return { type, documentId: undefined };
  const documentId = ctx.params['documentId'];
  if (!isDocumentId(documentId)) throw validationError('Invalid documentId');
  return { type, documentId };
}

/** The locale a request names (the default one for localized types), checked against the config; null when not localized. */
export function localeOf(deps: AdminDependencies, ctx: Context, type: ContentType): string | null {
  if (!type.localized) return null;
  const locale = new URLSearchParams(ctx.querystring).get('locale') ?? deps.config.i18n.defaultLocale;
  if (!deps.config.i18n.locales.some((l) => l.code === locale)) throw validationError('Unknown locale');
  return locale;
}

/** The configured locale codes (`i18n.locales`), as the git layer takes them. */
export function localeCodes(deps: AdminDependencies): string[] {
  return deps.config.i18n.locales.map((l) => l.code);
}

/** An Author changes only the documents they created (single types: never), as in the content manager. */
export function requireOwner(ctx: Context, address: DocumentAddress): void {
  const { admin } = signedInOf(ctx);
  if (admin.role !== 'author') return;
  if (address.documentId === undefined || !admin.created.includes(documentKey(address.type.uid, address.documentId)))
    throw forbiddenError('Only the author of this document can change it');
}

/** The signed-in administrator as a commit's author. */
export function commitAuthorOf(ctx: Context): { name: string; email: string } {
  const { admin } = signedInOf(ctx);
  const name = `${admin.firstname} ${admin.lastname}`.trim();
  return { name: name === '' ? admin.email : name, email: admin.email };
}

/** A field change with the line the CLI prints for it (`title: 'A' → 'B'`), for the editor to show. */
export function presentFieldChange(change: FieldChange): FieldChange & { summary: string } {
  return { ...change, summary: formatFieldChange(change) };
}
