import { deriveId } from '../content-index/derive-id.js';
import { normalizeIso } from '../content-index/to-entry.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { RENAMED_FROM_KEY } from '../store/check-document.js';
import { decodeVersion } from './decode-version.js';
import { type DocumentAddress, type FileVersion, documentPathspecs, versionOfPath } from './document-files.js';
import type { Repository } from './open-repository.js';
import { readBlobs } from './read-blobs.js';

/** One file of a document as a commit held it. */
export interface PastVersion extends FileVersion {
  readonly path: string;
  /** The decoded file, as stored (relations as documentIds, media as paths). */
  readonly data: Readonly<Record<string, unknown>>;
  /** What the Content API answered for it then (attributes unpopulated: relations as documentIds, media as paths). */
  readonly answer: Readonly<Record<string, unknown>>;
}

/** The files of a document at a commit (every locale, or one), decoded; an empty list when it had none. */
export async function readPastVersion(
  repo: Repository,
  address: DocumentAddress,
  at: { commit: string; registry: SchemaRegistry; defaultLocale: string; locales: readonly string[]; locale?: string | undefined },
): Promise<PastVersion[]> {
  // Every name a file of the document can have (git's ls-tree takes no glob): one batch read of all.
  const suffixes = address.type.localized ? ['', ...at.locales.map((code) => `.${code}`)] : [''];
  const stem = documentPathspecs(address)[0]!
    .replace(':(glob)', '')
    .replace(/\.json$/, '');
  const files: { path: string; version: FileVersion }[] = [];
  for (const suffix of suffixes)
    for (const kind of ['', '.draft'])
      for (const format of ['.json', '.md']) {
        const path = `${stem}${suffix}${kind}${format}`;
        const version = versionOfPath(at.registry, address, at.defaultLocale, path);
        if (version !== undefined && (at.locale === undefined || version.locale === at.locale)) files.push({ path, version });
      }
  const texts = await readBlobs(
    repo,
    files.map((file) => ({ commit: at.commit, path: file.path })),
  );
  const out: PastVersion[] = [];
  files.forEach(({ path, version }, i) => {
    const { data } = decodeVersion(address.type, path, texts[i]);
    if (data !== undefined) out.push({ path, ...version, data, answer: answerOf(address, { version, data }) });
  });
  return out;
}

/** A stored version in the Content API's shape: id, documentId, attributes, timestamps, locale. */
function answerOf(address: DocumentAddress, file: { version: FileVersion; data: Readonly<Record<string, unknown>> }): Record<string, unknown> {
  const { type } = address;
  const { data, version } = file;
  const text = (key: string): string | null => (typeof data[key] === 'string' ? normalizeIso(data[key]) : null);
  const createdAt = text('createdAt');
  const updatedAt = text('updatedAt') ?? createdAt;
  const publishedAt = type.draftAndPublish ? (version.draft ? null : text('publishedAt')) : (text('publishedAt') ?? updatedAt);
  const seed = typeof data[RENAMED_FROM_KEY] === 'string' ? data[RENAMED_FROM_KEY] : (address.documentId ?? '');
  const out: Record<string, unknown> = {
    id: createdAt === null ? null : deriveId(Date.parse(createdAt), `${seed}\u0000${version.locale ?? ''}`),
    documentId: address.documentId ?? null,
  };
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) continue;
    if (name in data) out[name] = data[name];
  }
  Object.assign(out, { createdAt, updatedAt, publishedAt });
  if (type.localized) out['locale'] = version.locale;
  return out;
}
