/**
 * Move up, move down and remove buttons for the `index`-th of `items`, each named for screen readers
 * (`label`); `onChange` gets the list with the item moved or removed.
 */
export function ItemControls<T>({ items, index, label, onChange }: { items: readonly T[]; index: number; label: string; onChange: (items: T[]) => void }) {
  return (
    <span class="item-controls">
      <button type="button" class="icon" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onChange(moveItem(items, index, index - 1))}>
        ↑
      </button>
      <button
        type="button"
        class="icon"
        aria-label={`Move ${label} down`}
        disabled={index === items.length - 1}
        onClick={() => onChange(moveItem(items, index, index + 1))}
      >
        ↓
      </button>
      <button type="button" class="icon danger" aria-label={`Remove ${label}`} onClick={() => onChange(items.filter((_, j) => j !== index))}>
        ×
      </button>
    </span>
  );
}

/** A copy of a list with one item moved. */
function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}
