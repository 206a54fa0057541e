/** The header cell of a table's check column: checks or clears every row's key at once. */
export function SelectAllHeader({
  label,
  keys,
  selected,
  onSelect,
}: {
  label: string;
  keys: string[];
  selected: string[];
  onSelect: (keys: string[]) => void;
}) {
  const allChecked = keys.length > 0 && keys.every((key) => selected.includes(key));
  return (
    <th scope="col">
      <input type="checkbox" aria-label={label} checked={allChecked} onChange={() => onSelect(allChecked ? [] : keys)} />
    </th>
  );
}
