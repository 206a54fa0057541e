import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, call, query } from './api';

export interface MediaFile {
  id: number;
  url: string;
  name: string;
  mime: string;
  alternativeText: string | null;
  caption?: string | null;
  thumbnail?: string | null;
}

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

/** Upload by drag and drop or by choosing files (several at once). */
function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const [state, setState] = useState('');
  const input = useRef<HTMLInputElement>(null);
  async function upload(list: FileList | null) {
    if (!list || list.length === 0) return;
    const form = new FormData();
    for (const file of Array.from(list)) form.append('files', file);
    setState(`Uploading ${list.length} file(s)…`);
    try {
      await call('POST', '/upload', form);
      setState(`${list.length} file(s) uploaded`);
      onUploaded();
    } catch (failure) {
      setState(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  }
  return (
    <div
      class="dropzone"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        upload(e.dataTransfer?.files ?? null);
      }}
    >
      <p>Drag and drop files here, or</p>
      <label class="button secondary" for="upload-input">
        Browse files
      </label>
      <input id="upload-input" ref={input} class="visually-hidden" type="file" multiple onChange={() => upload(input.current!.files)} />
      {state && <p role="status">{state}</p>}
    </div>
  );
}

/** The media library page: grid, search, upload, edit name / alternative text / caption, delete. */
export function MediaLibrary() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<MediaFile | undefined>(undefined);
  const files = useFiles(search, page, version);
  return (
    <section>
      <header class="page-header">
        <div>
          <h1>Media Library</h1>
          <p class="muted">{files ? `${files.total} assets` : 'Loading…'}</p>
        </div>
      </header>
      <UploadZone onUploaded={() => setVersion(version + 1)} />
      <label class="search">
        <span class="visually-hidden">Search assets</span>
        <input type="search" placeholder="Search assets" value={search} onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
      </label>
      <ul class="grid">
        {files?.data.map((file) => (
          <li key={file.id}>
            <button type="button" class="asset" onClick={() => setEditing(file)}>
              {file.mime.startsWith('image/') ? <img src={file.thumbnail ?? file.url} alt="" /> : <span class="file">{file.name}</span>}
              <span class="name">{file.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} pageCount={files?.pageCount ?? 0} onPage={setPage} />
      {editing && (
        <EditAsset
          file={editing}
          onDone={() => {
            setEditing(undefined);
            setVersion(version + 1);
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

function EditAsset({ file, onDone }: { file: MediaFile; onDone: () => void }) {
  const [error, setError] = useState('');
  async function save(event: Event) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget as HTMLFormElement).entries());
    try {
      await call('PUT', `/upload/files/${file.id}`, form);
      onDone();
    } catch (failure) {
      setError(String((failure as Error).message));
    }
  }
  async function remove() {
    if (!confirm(`Delete ${file.name}? Documents using it lose it.`)) return;
    await call('DELETE', `/upload/files/${file.id}`);
    onDone();
  }
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-labelledby="asset-title">
      <form class="card" onSubmit={save}>
        <h2 id="asset-title">Details</h2>
        {file.mime.startsWith('image/') && <img class="preview" src={file.url} alt={file.alternativeText ?? ''} />}
        {(['name', 'alternativeText', 'caption'] as const).map((key) => (
          <div class="field" key={key}>
            <label for={`asset-${key}`}>{key === 'name' ? 'File name' : key === 'alternativeText' ? 'Alternative text' : 'Caption'}</label>
            <input id={`asset-${key}`} name={key} defaultValue={file[key] ?? ''} />
          </div>
        ))}
        {error && (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <button type="submit">Finish</button>
          <button type="button" class="secondary" onClick={onDone}>
            Cancel
          </button>
          <button type="button" class="danger" onClick={remove}>
            Delete
          </button>
        </div>
      </form>
    </div>
  );
}

/** The media library as a dialog: pick one file (or upload, then pick). */
export function MediaPicker({ title, onPick, onClose }: { title: string; onPick: (file: MediaFile) => void; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const files = useFiles(search, page, version);
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-labelledby="picker-title">
      <div class="card wide">
        <h2 id="picker-title">{title}</h2>
        <UploadZone onUploaded={() => setVersion(version + 1)} />
        <label class="search">
          <span class="visually-hidden">Search assets</span>
          <input type="search" placeholder="Search assets" value={search} onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
        </label>
        <ul class="grid">
          {files?.data.map((file) => (
            <li key={file.id}>
              <button type="button" class="asset" onClick={() => onPick(file)}>
                {file.mime.startsWith('image/') ? <img src={file.thumbnail ?? file.url} alt="" /> : <span class="file">{file.name}</span>}
                <span class="name">{file.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <Pager page={page} pageCount={files?.pageCount ?? 0} onPage={setPage} />
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
