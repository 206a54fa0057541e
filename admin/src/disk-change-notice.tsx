import type { ComponentChild } from 'preact';
import { type OpenDocument, useDiskChange } from './live-changes';

/** Said in the edit view when the open document changed elsewhere (on disk, in git, in another editor). */
export function DiskChangeNotice({ onReload }: { onReload: () => void }) {
  return (
    <p class="form-error disk-change" role="alert">
      This document changed on disk.{' '}
      <button type="button" class="secondary" onClick={onReload}>
        Reload
      </button>
    </p>
  );
}

/** The notice for the open document, when it changed elsewhere; Reload reads it again. */
export function useDiskChangeNotice(open: OpenDocument, reload: () => void): ComponentChild {
  const [changed, clear] = useDiskChange(open);
  if (!changed) return null;
  return (
    <DiskChangeNotice
      onReload={() => {
        clear();
        reload();
      }}
    />
  );
}
