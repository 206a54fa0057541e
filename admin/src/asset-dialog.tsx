import { useState } from 'preact/hooks';
import { ApiFailure, call } from './api';
import type { MediaFile } from './media-file';
import { sendFiles } from './send-files';

/** A document that uses a file, as `/admin/upload/files/:id/usage` lists it. */
interface Usage {
  uid: string;
  kind: 'collectionType' | 'singleType';
  displayName: string;
  documentId: string;
  locale: string | null;
  label: string;
  how: 'media' | 'blocks';
}

/** The url of a file's image, changed whenever the file is (a replaced file keeps its url). */
export function freshUrl(file: MediaFile, url = file.url): string {
  return file.updatedAt ? `${url}?v=${encodeURIComponent(file.updatedAt)}` : url;
}

function usageHref(usage: Usage): string {
  const locale = usage.locale === null ? '' : `?locale=${usage.locale}`;
  return usage.kind === 'singleType' ? `#/single/${usage.uid}${locale}` : `#/collection/${usage.uid}/${encodeURIComponent(usage.documentId)}${locale}`;
}

/** The details of one file: name, alternative text and caption; replace its bytes; delete it, after seeing where it is used. */
export function AssetDialog({ file: opened, onDone }: { file: MediaFile; onDone: () => void }) {
  const [file, setFile] = useState(opened);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [usages, setUsages] = useState<{ list: Usage[]; total: number } | undefined>(undefined);

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
  async function replace(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    if (!chosen) return;
    setError('');
    setProgress(0);
    try {
      setFile(await sendFiles<MediaFile>(`/upload/files/${file.id}/replace`, [chosen], (loaded, total) => setProgress(loaded / total)));
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    } finally {
      setProgress(undefined);
      input.value = '';
    }
  }
  async function askDelete() {
    setError('');
    try {
      const answer = await fetch(`/admin/upload/files/${file.id}/usage`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      const json = await answer.json();
      if (!answer.ok) throw new Error(json.error?.message ?? answer.statusText);
      setUsages({ list: json.data, total: json.meta.total });
    } catch (failure) {
      setError(String((failure as Error).message));
    }
  }
  async function remove() {
    try {
      await call('DELETE', `/upload/files/${file.id}`);
      onDone();
    } catch (failure) {
      setError(String((failure as Error).message));
    }
  }

  return (
    <div class="modal" role="dialog" aria-modal="true" aria-labelledby="asset-title">
      <form class="card" onSubmit={save}>
        <h2 id="asset-title">Details</h2>
        {file.mime.startsWith('image/') && <img class="preview" src={freshUrl(file)} alt={file.alternativeText ?? ''} />}
        {(['name', 'alternativeText', 'caption'] as const).map((key) => (
          <div class="field" key={key}>
            <label for={`asset-${key}`}>{key === 'name' ? 'File name' : key === 'alternativeText' ? 'Alternative text' : 'Caption'}</label>
            <input id={`asset-${key}`} name={key} defaultValue={file[key] ?? ''} />
          </div>
        ))}
        <div class="field">
          <label class="button secondary" for="asset-replace">
            Replace media
          </label>
          <input id="asset-replace" class="visually-hidden" type="file" onChange={(e) => replace(e.currentTarget)} />
          {progress !== undefined && <progress max={1} value={progress} aria-label={`Replacing ${file.name}`} />}
        </div>
        {error && (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        {usages && (
          <div class="confirm" role="alertdialog" aria-labelledby="usage-title" aria-describedby="usage-text">
            <h3 id="usage-title">Delete {file.name}?</h3>
            <p id="usage-text">
              {usages.total === 0
                ? 'No document uses this file.'
                : `Used in ${usages.total} ${usages.total === 1 ? 'document' : 'documents'}: those with it in a media field lose it; images in blocks keep their link.`}
            </p>
            {usages.total > 0 && (
              <ul class="references">
                {usages.list.map((usage) => (
                  <li key={`${usage.uid}/${usage.documentId}/${usage.locale}`}>
                    <a href={usageHref(usage)} onClick={onDone}>
                      {usage.label}
                    </a>{' '}
                    <span class="muted">
                      {usage.displayName}
                      {usage.locale ? ` (${usage.locale})` : ''}
                      {usage.how === 'blocks' ? ' · image in blocks' : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <div class="actions">
              <button type="button" class="danger" onClick={remove}>
                Delete
              </button>
              <button type="button" class="secondary" onClick={() => setUsages(undefined)}>
                Keep it
              </button>
            </div>
          </div>
        )}
        <div class="actions">
          <button type="submit">Finish</button>
          <button type="button" class="secondary" onClick={onDone}>
            Cancel
          </button>
          {!usages && (
            <button type="button" class="danger" onClick={askDelete}>
              Delete
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
