import { UserError } from '../errors/user-error.js';
import { type RestoreResult, restoreDocument } from '../documents/restore-document.js';
import type { WriteContext } from '../documents/write-documents.js';
import type { DocumentAddress } from './document-files.js';
import type { Repository } from './open-repository.js';
import { readPastVersion } from './read-past-version.js';
import { resolveCommit } from './resolve-commit.js';

/**
 * Writes one locale of a document back as a commit held it, through the document service: the
 * restore is an ordinary write (validation, relations, timestamps), to commit like any other.
 */
export async function restoreVersion(
  repo: Repository,
  context: WriteContext,
  request: { address: DocumentAddress; revision: string; locale?: string | undefined },
): Promise<RestoreResult & { commit: string; locale: string | null }> {
  const { address } = request;
  const commit = await resolveCommit(repo, request.revision);
  const { registry } = context.project.current;
  const locale = address.type.localized ? (request.locale ?? context.defaultLocale) : null;
  const files = await readPastVersion(repo, address, {
    commit,
    registry,
    defaultLocale: context.defaultLocale,
    locales: context.project.config.i18n.locales.map((l) => l.code),
    locale: locale ?? undefined,
  });
  const main = files.find((file) => !file.draft)?.data;
  const draft = files.find((file) => file.draft)?.data;
  if (main === undefined && draft === undefined) {
    const which = locale === null ? '' : ` in locale ${locale}`;
    throw new UserError(`${request.revision} holds no version of ${address.type.pluralName}/${address.documentId ?? ''}${which}`);
  }
  const result = restoreDocument(context, { type: address.type, documentId: address.documentId, locale }, { main, draft });
  return { ...result, commit, locale };
}
