import { useEffect, useState } from 'preact/hooks';
import { call, query } from '../api';
import { type FieldProps, FieldError, FieldLabel, controlId } from './field-parts';
import { ItemControls } from './item-controls';

interface Choice {
  documentId: string;
  label: string;
}

/** A relation: the chosen documents (ordered, for to-many), and a search of the target type to add more. */
export function RelationField(props: FieldProps) {
  const { attribute } = props;
  const chosen: Choice[] = attribute.toMany ? (props.value ?? []) : props.value ? [props.value] : [];
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<Choice[]>([]);
  const [open, setOpen] = useState(false);
  const id = controlId(props.path);
  const target = props.schemas.contentTypes.find((t) => t.uid === attribute.target);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      call<Choice[]>(
        'GET',
        `/content-manager/relations/${attribute.target}${query({ _q: search, locale: target?.localized ? props.locale : undefined })}`,
      ).then(setResults, () => setResults([]));
    }, 150);
    return () => clearTimeout(timer);
  }, [search, open]);

  const set = (next: Choice[]) => props.onChange(attribute.toMany ? next : (next[next.length - 1] ?? null));
  const available = results.filter((r) => !chosen.some((c) => c.documentId === r.documentId));
  return (
    <div class="field relation">
      <FieldLabel props={props} />
      <ul class="chosen" aria-label={`${props.name}: chosen entries`}>
        {chosen.map((choice, i) => (
          <li key={choice.documentId}>
            <span>{choice.label}</span>
            {attribute.toMany ? (
              <ItemControls items={chosen} index={i} label={choice.label} onChange={set} />
            ) : (
              <button type="button" class="icon danger" aria-label={`Remove ${choice.label}`} onClick={() => props.onChange(null)}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="search"
        placeholder={`Add or search ${target?.displayName ?? 'entries'}…`}
        value={search}
        onFocus={() => setOpen(true)}
        onInput={(e) => {
          setOpen(true);
          setSearch((e.target as HTMLInputElement).value);
        }}
      />
      {open && (
        <ul class="options" aria-label={`${props.name}: entries to add`}>
          {available.map((choice) => (
            <li key={choice.documentId}>
              <button
                type="button"
                class="option"
                onClick={() => {
                  set([...chosen, choice]);
                  if (!attribute.toMany) setOpen(false);
                }}
              >
                {choice.label}
              </button>
            </li>
          ))}
          {available.length === 0 && <li class="muted">No entries found</li>}
        </ul>
      )}
      <FieldError props={props} />
    </div>
  );
}
