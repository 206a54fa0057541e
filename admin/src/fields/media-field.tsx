import { useState } from 'preact/hooks';
import { MediaPicker, type MediaFile } from '../media-library';
import { type FieldProps, FieldError, FieldLabel, controlId } from './field-parts';
import { ItemControls } from './item-controls';

/** A media attribute: the chosen files as thumbnails, and the media library to pick from. */
export function MediaField(props: FieldProps) {
  const multiple = props.attribute.multiple === true;
  const files: MediaFile[] = multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const [picking, setPicking] = useState(false);
  const set = (next: MediaFile[]) => props.onChange(multiple ? next : (next[0] ?? null));
  return (
    <div class="field media" id={controlId(props.path)}>
      <FieldLabel props={props} as="legend" />
      <ul class="thumbs" aria-label={`${props.name}: chosen files`}>
        {files.map((file, i) => (
          <li key={file.id}>
            {file.mime?.startsWith('image/') ? <img src={file.url} alt={file.alternativeText ?? file.name} /> : <span class="file">{file.name}</span>}
            <span class="name">{file.name}</span>
            <ItemControls items={files} index={i} label={file.name} onChange={set} />
          </li>
        ))}
      </ul>
      <button type="button" class="secondary" onClick={() => setPicking(true)}>
        {files.length > 0 && !multiple ? 'Replace media' : 'Add media'}
      </button>
      {picking && (
        <MediaPicker
          title={`Choose ${multiple ? 'files' : 'a file'} for ${props.name}`}
          onClose={() => setPicking(false)}
          onPick={(file) => {
            set(multiple ? [...files.filter((f) => f.id !== file.id), file] : [file]);
            setPicking(false);
          }}
        />
      )}
      <FieldError props={props} />
    </div>
  );
}
