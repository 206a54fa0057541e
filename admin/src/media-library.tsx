import { useEffect, useState } from 'preact/hooks';
import { query } from './api';
import { AssetDialog, freshUrl } from './asset-dialog';
import type { MediaFile } from './media-file';
import { UploadZone } from './upload-zone';

export type { MediaFile } from './media-file';

interface Page {
  data: MediaFile[];
  total: number;
  pageCount: number;
}

/** One page of the library, searched; reloads when `version` changes. */
function useFiles(search: string, page: number, version: number): Page | undefined {
  const [files, setFiles] = useState<Page | undefined>(undefined);
  useEffect(() => {
    fetch(`/admin/upload/files${query({ _q: search, page })}`, { credentials: 'same-origin' })
      .then((r) => r.json())
      .then((json) => setFiles({ data: json.data ?? [], total: json.meta?.pagination?.total ?? 0, pageCount: json.meta?.pagination?.pageCount ?? 0 }));
  }, [search, page, version]);
  return files;
}

/** What the library shows: its search, its page, and that page's files (`reload` loads them again). */
interface Library {
  readonly search: string;
  readonly setSearch: (search: string) => void;
  readonly page: number;
  readonly setPage: (page: number) => void;
  readonly files: Page | undefined;
  readonly reload: () => void;
}

function useLibrary(): Library {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const files = useFiles(search, page, version);
  return { search, setSearch, page, setPage, files, reload: () => setVersion((v) => v + 1) };
}

/** Upload, search, the page's files as buttons (`choose`; those `offered` refuses are shown, disabled), the pager. */
function AssetGrid({ library, choose, offered }: { library: Library; choose: (file: MediaFile) => void; offered?: (file: MediaFile) => boolean }) {
  const { search, setSearch, page, setPage, files, reload } = library;
  return (
    <>
      <UploadZone onUploaded={reload} />
      <label class="search">
        <span class="visually-hidden">Search assets</span>
        <input type="search" placeholder="Search assets" value={search} onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
      </label>
      <ul class="grid">
        {files?.data.map((file) => (
          <li key={file.id}>
            <button type="button" class="asset" disabled={offered !== undefined && !offered(file)} onClick={() => choose(file)}>
              {file.mime.startsWith('image/') ? <img src={freshUrl(file, file.thumbnail ?? file.url)} alt="" /> : <span class="file">{file.name}</span>}
              <span class="name">{file.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} pageCount={files?.pageCount ?? 0} onPage={setPage} />
    </>
  );
}

/** The media library page: grid, search, upload, edit name / alternative text / caption, delete. */
export function MediaLibrary() {
  const library = useLibrary();
  const [editing, setEditing] = useState<MediaFile | undefined>(undefined);
  return (
    <section>
      <header class="page-header">
        <div>
          <h1>Media Library</h1>
          <p class="muted">{library.files ? `${library.files.total} assets` : 'Loading…'}</p>
        </div>
      </header>
      <AssetGrid library={library} choose={setEditing} />
      {editing && (
        <AssetDialog
          file={editing}
          onDone={() => {
            setEditing(undefined);
            library.reload();
          }}
        />
      )}
    </section>
  );
}

function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav class="pagination" aria-label="Pagination">
      <button type="button" class="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pageCount}
      </span>
      <button type="button" class="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** The media library as a dialog: pick one file (or upload, then pick). */
export function MediaPicker({
  title,
  onPick,
  onClose,
  accept,
}: {
  title: string;
  onPick: (file: MediaFile) => void;
  onClose: () => void;
  /** Files that may be picked (others are shown, not offered); all by default. */
  accept?: (file: MediaFile) => boolean;
}) {
  const library = useLibrary();
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-labelledby="picker-title">
      <div class="card wide">
        <h2 id="picker-title">{title}</h2>
        <AssetGrid library={library} choose={onPick} offered={accept} />
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
