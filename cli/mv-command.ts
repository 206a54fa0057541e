import { renameDocument } from '../server/documents/rename-document.js';
import { renameMedia } from '../server/documents/rename-media.js';
import { UserError } from '../server/errors/user-error.js';
import { parseDocumentAddress } from '../server/git/document-files.js';
import { restoreVersion } from '../server/git/restore-version.js';
import { ProjectRuntime } from '../server/runtime/project-runtime.js';
import { UPLOADS_DIR } from '../server/store/project-layout.js';
import { openGitProject, printOut, withUserErrors } from './git-project.js';
import path from 'node:path';
import { loadConfig } from '../server/store/load-config.js';
import { loadSchemas } from '../server/store/load-schemas.js';
import { isProjectFolder } from '../server/store/project-folder.js';

const QUIET = { info: () => undefined, warn: () => undefined };

/**
 * `cms mv <type>/<oldId> <newId>`: renames a document with every reference to it; `cms mv
 * uploads/<path> <newPath>`: moves a media file with every document using it. Works without git.
 */
export async function runMv(options: { dir: string; source: string; target: string }): Promise<number> {
  const root = path.resolve(options.dir);
  if (!isProjectFolder(root)) throw new UserError(`project folder not found: ${root}`, 2);
  const mediaPrefix = `${UPLOADS_DIR}/`;
  const runtime = ProjectRuntime.open(loadConfig(root, { watch: false }), QUIET);
  try {
    if (options.source.startsWith(mediaPrefix)) {
      const to = options.target.startsWith(mediaPrefix) ? options.target.slice(mediaPrefix.length) : options.target;
      const result = await withUserErrors(() => renameMedia(runtime, options.source.slice(mediaPrefix.length), to));
      printOut(`moved ${mediaPrefix}${result.from} → ${mediaPrefix}${result.to}`);
      for (const file of result.rewritten) printOut(`  rewrote ${file}`);
      return 0;
    }
    const address = parseDocumentAddress(loadSchemas(root), options.source);
    if (address.documentId === undefined) throw new UserError(`${options.source} is a single type: it has no documentId to change`);
    const type = runtime.current.registry.contentTypes.get(address.type.uid)!;
    const result = await withUserErrors(() => renameDocument(runtime, { type, documentId: address.documentId! }, options.target));
    for (const move of result.moved) printOut(`moved ${move.from} → ${move.to}`);
    for (const file of result.rewritten) printOut(`  rewrote ${file}`);
    return 0;
  } finally {
    await runtime.close();
  }
}

/** `cms restore <type>/<documentId> <commit>`: writes the document back as the commit held it, as a normal write. */
export async function runRestore(options: { dir: string; document: string; commit: string; locale?: string | undefined }): Promise<number> {
  const project = await openGitProject(options.dir);
  const runtime = ProjectRuntime.open(project.config, QUIET);
  try {
    const address = parseDocumentAddress(runtime.current.registry, options.document);
    const context = { project: runtime, defaultLocale: project.defaultLocale, now: () => new Date().toISOString() };
    const result = await withUserErrors(() => restoreVersion(project.repo, context, { address, revision: options.commit, locale: options.locale }));
    printOut(`restored ${options.document}${result.locale === null ? '' : ` [${result.locale}]`} as of ${result.commit.slice(0, 10)}`);
    for (const entry of result.written) printOut(`  wrote ${entry.path}`);
    if (result.keptPublished) printOut('  the old version was a draft: it is the draft now; the published version stays');
    for (const item of result.dropped) printOut(`  left out ${item}: it no longer exists`);
    return 0;
  } finally {
    await runtime.close();
  }
}
