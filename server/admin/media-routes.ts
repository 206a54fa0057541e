import Router from '@koa/router';
import type { File as FormidableFile } from 'formidable';
import { isPlainObject } from '../config/is-plain-object.js';
import type { MediaRecord } from '../content-index/media-record.js';
import { type UploadContext, deleteFile, updateFileInfo, uploadFiles } from '../documents/upload-files.js';
import { badRequestError, notFoundError, payloadTooLargeError, validationError } from '../errors/api-error.js';
import { parseBody } from '../http/lazy-body.js';
import { withWorkFolder } from '../store/work-folder.js';
import type { AdminDependencies } from './admin-context.js';

/** Files per page of the media library. */
const PAGE_SIZE = 24;
/** Files in one upload. */
const MAX_FILES = 20;

/** The media library: a searchable page of files, uploads (several at once), info edits, deletes. */
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
    const { config } = deps;
    if (ctx.request.length !== undefined && ctx.request.length > config.upload.sizeLimit + config.limits.bodyBytes + 64 * 1024)
      throw payloadTooLargeError('FileTooBig');
    const records = await withWorkFolder(async (workDir) => {
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
            maxFiles: MAX_FILES,
            maxFieldsSize: config.limits.bodyBytes,
          },
        });
      } catch (error) {
        const formidable = error as { httpCode?: unknown; message: string };
        if (formidable.httpCode === 413) throw payloadTooLargeError('FileTooBig');
        if (typeof formidable.httpCode === 'number') throw badRequestError(`Invalid multipart body: ${formidable.message}`);
        throw error;
      }
      const given = ctx.request.files?.['files'];
      const list: FormidableFile[] = given === undefined ? [] : Array.isArray(given) ? given : [given];
      if (list.length === 0) throw validationError('Files are empty');
      const files = list.map((file) => ({
        tempPath: file.filepath,
        filename: file.originalFilename ?? '',
        declaredType: file.mimetype ?? undefined,
        bytes: file.size,
      }));
      return uploadFiles(uploads, files, undefined, workDir);
    });
    ctx.status = 201;
    ctx.body = { data: records.map(presentFile) };
  });

  router.put('/files/:id', (ctx) => {
    const body: unknown = ctx.request.body;
    const info = isPlainObject(body) ? body : {};
    const fileInfo: Record<string, unknown> = {};
    for (const key of ['name', 'alternativeText', 'caption']) if (typeof info[key] === 'string') fileInfo[key] = (info[key] as string).slice(0, 1000);
    ctx.body = { data: presentFile(updateFileInfo(uploads, String(ctx.params['id']), fileInfo)) };
  });

  router.delete('/files/:id', (ctx) => {
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
  };
}
