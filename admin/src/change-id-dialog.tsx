import { useState } from 'preact/hooks';
import { call } from './api';
import type { ContentTypeInfo } from './schema';

/**
 * "Change id" on the edit view: a dialog asking for the new documentId; the server renames every
 * file of the entry and rewrites every relation to it (`cms mv`), then the editor opens it under
 * its new id.
 */
export function ChangeIdButton({ type, documentId, locale }: { type: ContentTypeInfo; documentId: string; locale: string | undefined }) {
  const [open, setOpen] = useState(false);
  const [newId, setNewId] = useState(documentId);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const result = await call<{ documentId: string }>(
        'POST',
        `/content-manager/collection-types/${type.uid}/${encodeURIComponent(documentId)}/actions/change-id`,
        { newId: newId.trim() },
      );
      setOpen(false);
      location.hash = `#/collection/${type.uid}/${encodeURIComponent(result.documentId)}${locale === undefined ? '' : `?locale=${locale}`}`;
    } catch (failure) {
      setError(String((failure as Error).message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" class="secondary" onClick={() => setOpen(true)}>
        Change id
      </button>
      {open && (
        <div class="modal" role="dialog" aria-modal="true" aria-labelledby="change-id-title">
          <form class="card" onSubmit={submit}>
            <h2 id="change-id-title">Change id</h2>
            <p class="muted" id="change-id-help">
              Renames every file of this entry (all locales and drafts) and rewrites every relation that points to it. Its numeric id stays the same.
            </p>
            <div class="field">
              <label for="change-id-input">New id</label>
              <input
                id="change-id-input"
                value={newId}
                required
                autoFocus
                aria-describedby="change-id-help"
                aria-invalid={error !== ''}
                onInput={(e) => setNewId((e.target as HTMLInputElement).value)}
              />
              <p class="hint">Letters a–z, digits, "-" and "_", starting with a letter or digit.</p>
            </div>
            {error && (
              <p class="form-error" role="alert">
                {error}
              </p>
            )}
            <div class="actions">
              <button type="submit" disabled={busy || newId.trim() === '' || newId.trim() === documentId}>
                Change id
              </button>
              <button type="button" class="secondary" onClick={() => setOpen(false)}>
                Cancel
              </button>
            </div>
          </form>
        </div>
      )}
    </>
  );
}
