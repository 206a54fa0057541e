import Router from '@koa/router';
import type { File as FormidableFile } from 'formidable';
import { isPlainObject } from '../config/is-plain-object.js';
import type { MediaRecord } from '../content-index/media-record.js';
import type { Context } from 'koa';
import { findMediaUsages } from '../documents/media-usages.js';
import { type UploadContext, deleteFile, findFileById, replaceFile, updateFileInfo, uploadFiles } from '../documents/upload-files.js';
import type { ReceivedFile } from '../documents/upload-prepare.js';
import { badRequestError, notFoundError, payloadTooLargeError, validationError } from '../errors/api-error.js';
import { parseBody } from '../http/lazy-body.js';
import { withWorkFolder } from '../store/work-folder.js';
import { type AdminDependencies, requireRole } from './admin-context.js';
import { mainFieldOf } from './describe-schemas.js';

/** Files per page of the media library. */
const PAGE_SIZE = 24;
/** Files in one upload. */
const MAX_FILES = 20;
/** formidable's code for more files than allowed. */
const MAX_FILES_EXCEEDED = 1015;
/** Usages listed for one file (the total is counted in full). */
const MAX_USAGES = 100;

/**
 * The media library: a searchable page of files, uploads (several at once), info edits, replacing
 * a file's bytes, where a file is used, deletes. Replacing and deleting touch documents other
 * people wrote, so they are for Super Admins and Editors.
 */
export function createMediaRouter(deps: AdminDependencies): Router {
  const router = new Router({ prefix: '/admin/upload' });
  const uploads: UploadContext = { project: deps.project, settings: deps.config.upload, now: () => new Date(deps.now()).toISOString() };

  router.get('/files', (ctx) => {
    const params = new URLSearchParams(ctx.querystring);
    const q = (params.get('_q') ?? '').toLowerCase().slice(0, 200);
    const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
    const all = deps.project.current.index.media
      .list()
      .filter((record) => q === '' || record.data.name.toLowerCase().includes(q) || record.path.toLowerCase().includes(q))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id - b.id));
    const items = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(presentFile);
    ctx.body = { data: items, meta: { pagination: { page, pageSize: PAGE_SIZE, pageCount: Math.ceil(all.length / PAGE_SIZE), total: all.length } } };
  });

  router.post('/', async (ctx) => {
    const records = await withWorkFolder(async (workDir) => {
      const files = await readFiles(ctx, deps, workDir, MAX_FILES);
      return uploadFiles(uploads, files, undefined, workDir);
    });
    ctx.status = 201;
    ctx.body = { data: records.map(presentFile) };
  });

  // New bytes for a file: its id, documentId, path and url stay (Strapi's `POST /api/upload?id=`).
  router.post('/files/:id/replace', async (ctx) => {
    requireRole(ctx, 'super-admin', 'editor');
    const id = String(ctx.params['id']);
    if (findFileById(deps.project.current.index, id) === undefined) throw notFoundError('file.notFound');
    const record = await withWorkFolder(async (workDir) => {
      const files = await readFiles(ctx, deps, workDir, 1);
      return replaceFile(uploads, id, { file: files[0]!, fileInfo: undefined, workDir });
    });
    ctx.body = { data: presentFile(record) };
  });

  // Where a file is used, from the index: what a deletion would unlink.
  router.get('/files/:id/usage', (ctx) => {
    const { index } = deps.project.current;
    const record = findFileById(index, String(ctx.params['id']));
    if (record === undefined) throw notFoundError('file.notFound');
    const usages = findMediaUsages(index, record);
    ctx.body = {
      data: usages.slice(0, MAX_USAGES).map(({ type, entry: used, how }) => {
        const field = mainFieldOf(type);
        const label = field === undefined ? undefined : used.data[field];
        return {
          uid: type.uid,
          kind: type.kind,
          displayName: type.displayName,
          documentId: used.documentId,
          locale: used.locale,
          label: typeof label === 'string' && label !== '' ? label : used.documentId,
          how,
        };
      }),
      meta: { total: usages.length },
    };
  });

  router.put('/files/:id', (ctx) => {
    const body: unknown = ctx.request.body;
    const info = isPlainObject(body) ? body : {};
    const fileInfo: Record<string, unknown> = {};
    for (const key of ['name', 'alternativeText', 'caption']) if (typeof info[key] === 'string') fileInfo[key] = (info[key] as string).slice(0, 1000);
    ctx.body = { data: presentFile(updateFileInfo(uploads, String(ctx.params['id']), fileInfo)) };
  });

  router.delete('/files/:id', (ctx) => {
    requireRole(ctx, 'super-admin', 'editor');
    const record = deleteFile(uploads, String(ctx.params['id']));
    if (record === undefined) throw notFoundError('file.notFound');
    ctx.body = { data: presentFile(record) };
  });
  return router;
}

function presentFile(record: MediaRecord): Record<string, unknown> {
  const { name, alternativeText, caption, width, height, mime, size, url, ext } = record.data;
  const formats = record.data.formats as Record<string, { url?: string }> | null;
  return {
    id: record.id,
    documentId: record.documentId,
    name,
    alternativeText,
    caption,
    width,
    height,
    mime,
    size,
    url,
    ext,
    thumbnail: formats?.['thumbnail']?.url ?? null,
    createdAt: record.createdAt,
    // What an image block keeps of its image (Strapi's blocks shape).
    hash: record.data.hash,
    formats: record.data.formats,
    previewUrl: record.data.previewUrl,
    provider: record.data.provider,
    provider_metadata: record.data.provider_metadata,
    updatedAt: record.updatedAt,
  };
}

/** The files of a multipart body (at most `maxFiles`, each within the size limit), received into `workDir`. */
async function readFiles(ctx: Context, deps: AdminDependencies, workDir: string, maxFiles: number): Promise<ReceivedFile[]> {
  const { config } = deps;
  if (ctx.request.length !== undefined && ctx.request.length > config.upload.sizeLimit + config.limits.bodyBytes + 64 * 1024)
    throw payloadTooLargeError('FileTooBig');
  try {
    await parseBody(ctx, {
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      patchKoa: true,
      formidable: {
        uploadDir: workDir,
        maxFileSize: config.upload.sizeLimit,
        maxTotalFileSize: config.upload.sizeLimit,
        maxFiles,
        maxFieldsSize: config.limits.bodyBytes,
      },
    });
  } catch (error) {
    const formidable = error as { code?: unknown; httpCode?: unknown; message: string };
    if (formidable.code === MAX_FILES_EXCEEDED)
      throw validationError(maxFiles === 1 ? 'Cannot replace a file with multiple ones' : `At most ${maxFiles} files at once`);
    if (formidable.httpCode === 413) throw payloadTooLargeError('FileTooBig');
    if (typeof formidable.httpCode === 'number') throw badRequestError(`Invalid multipart body: ${formidable.message}`);
    throw error;
  }
  const given = ctx.request.files?.['files'];
  const list: FormidableFile[] = given === undefined ? [] : Array.isArray(given) ? given : [given];
  if (list.length === 0) throw validationError('Files are empty');
  return list.map((file) => ({
    tempPath: file.filepath,
    filename: file.originalFilename ?? '',
    declaredType: file.mimetype ?? undefined,
    bytes: file.size,
  }));
}
