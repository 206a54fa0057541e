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
