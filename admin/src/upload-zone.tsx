import { useRef, useState } from 'preact/hooks';
import { ApiFailure } from './api';
import { sendFiles } from './send-files';

/** One file on its way: its bytes sent so far, then done or failed. */
interface Upload {
  key: number;
  name: string;
  loaded: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  message: string;
}

/** Files sent at the same time; the others wait their turn. */
const PARALLEL = 3;
let nextKey = 1;

/**
 * Upload by drag and drop or by choosing files, several at once: each file is its own request with
 * its own progress bar, so one failure (too big, not allowed) leaves the others uploaded.
 */
export function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const change = (key: number, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  async function upload(list: FileList | null) {
    if (!list || list.length === 0) return;
    const files = Array.from(list).map((file) => ({ file, key: nextKey++ }));
    setUploads((old) => [
      ...old.filter((u) => u.state === 'uploading'),
      ...files.map(({ file, key }) => ({ key, name: file.name, loaded: 0, total: file.size, state: 'uploading' as const, message: '' })),
    ]);
    const queue = [...files];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { file, key } = next;
        try {
          await sendFiles('/upload', [file], (loaded, total) => change(key, { loaded, total }));
          change(key, { state: 'done', message: 'Uploaded' });
        } catch (failure) {
          change(key, { state: 'failed', message: failure instanceof ApiFailure ? failure.message : String(failure) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, worker));
    if (input.current) input.current.value = '';
    onUploaded();
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
      {uploads.length > 0 && (
        <ul class="uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} class={`upload-${u.state}`}>
              <span class="name">{u.name}</span>
              <progress max={u.total || 1} value={u.loaded} aria-label={`Upload of ${u.name}`} />
              {u.state === 'uploading' ? <span>{Math.round((u.loaded / (u.total || 1)) * 100)} %</span> : <span role="status">{u.message}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
