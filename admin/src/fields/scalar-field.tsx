import { useState } from 'preact/hooks';
import { slugify } from '../schema';
import { BlocksField } from './blocks-field';
import { type FieldProps, FieldError, FieldLabel, controlId, errorAria } from './field-parts';
import { renderMarkdown } from './render-markdown';

/** Strings, numbers, dates, booleans, enumerations, JSON, uid, password, rich text and blocks. */
export function ScalarField(props: FieldProps) {
  const { attribute, value, onChange } = props;
  const id = controlId(props.path);
  const common = { id, name: props.path, required: attribute.required, ...errorAria(props) };
  const text = (e: Event) => (e.target as HTMLInputElement).value;
  let control;
  switch (attribute.type) {
    case 'text':
      control = <textarea {...common} rows={4} value={value ?? ''} maxLength={attribute.maxLength} onInput={(e) => onChange(text(e))} />;
      break;
    case 'richtext':
      return <RichTextField {...props} />;
    case 'blocks':
      return <BlocksField {...props} />;
    case 'json':
      return <JsonField {...props} />;
    case 'boolean':
      control = (
        <select
          {...common}
          value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(e) => onChange(text(e) === '' ? null : text(e) === 'true')}
        >
          <option value="">(not set)</option>
          <option value="true">True</option>
          <option value="false">False</option>
        </select>
      );
      break;
    case 'enumeration':
      control = (
        <select {...common} value={value ?? ''} onChange={(e) => onChange(text(e) === '' ? null : text(e))}>
          <option value="">Choose here</option>
          {(attribute.enum ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case 'integer':
    case 'float':
    case 'decimal':
      control = (
        <input
          {...common}
          type="number"
          step={attribute.type === 'integer' ? 1 : 'any'}
          min={attribute.min}
          max={attribute.max}
          value={value ?? ''}
          onInput={(e) => onChange(text(e))}
        />
      );
      break;
    case 'biginteger':
      control = <input {...common} type="text" inputMode="numeric" pattern="-?[0-9]*" value={value ?? ''} onInput={(e) => onChange(text(e))} />;
      break;
    case 'date':
      control = <input {...common} type="date" value={value ?? ''} onInput={(e) => onChange(text(e))} />;
      break;
    case 'time':
      control = <input {...common} type="time" step={1} value={typeof value === 'string' ? value.slice(0, 8) : ''} onInput={(e) => onChange(text(e))} />;
      break;
    case 'datetime':
    case 'timestamp':
      control = <input {...common} type="datetime-local" step={1} value={toLocalInput(value)} onInput={(e) => onChange(text(e))} />;
      break;
    case 'password':
      control = (
        <input
          {...common}
          required={false}
          type="password"
          autoComplete="new-password"
          placeholder="Leave empty to keep it"
          value={value ?? ''}
          onInput={(e) => onChange(text(e))}
        />
      );
      break;
    case 'email':
      control = <input {...common} type="email" value={value ?? ''} onInput={(e) => onChange(text(e))} />;
      break;
    case 'uid':
      control = (
        <div class="inline">
          <input {...common} type="text" value={value ?? ''} onInput={(e) => onChange(text(e))} />
          {attribute.targetField && (
            <button type="button" class="secondary" onClick={() => onChange(slugify(String(props.siblings[attribute.targetField!] ?? '')))}>
              Regenerate
            </button>
          )}
        </div>
      );
      break;
    default:
      control = <input {...common} type="text" value={value ?? ''} maxLength={attribute.maxLength} onInput={(e) => onChange(text(e))} />;
  }
  return (
    <div class="field">
      <FieldLabel props={props} />
      {control}
      <FieldError props={props} />
    </div>
  );
}

/** A datetime-local input's value (local time) from an ISO instant. */
function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (!value.endsWith('Z')) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
}

function RichTextField(props: FieldProps) {
  const [preview, setPreview] = useState(false);
  const id = controlId(props.path);
  return (
    <div class="field">
      <FieldLabel props={props} />
      <div class="tabs" role="group" aria-label={`${props.name} view`}>
        <button type="button" class={preview ? 'secondary' : ''} aria-pressed={!preview} onClick={() => setPreview(false)}>
          Markdown
        </button>
        <button type="button" class={preview ? '' : 'secondary'} aria-pressed={preview} onClick={() => setPreview(true)}>
          Preview
        </button>
      </div>
      {preview ? (
        <div class="markdown-preview" dangerouslySetInnerHTML={{ __html: renderMarkdown(props.value ?? '') }} />
      ) : (
        <textarea
          id={id}
          class="markdown"
          rows={14}
          value={props.value ?? ''}
          onInput={(e) => props.onChange((e.target as HTMLTextAreaElement).value)}
          {...errorAria(props)}
        />
      )}
      <FieldError props={props} />
    </div>
  );
}

function JsonField(props: FieldProps) {
  const [text, setText] = useState(props.value === null || props.value === undefined ? '' : JSON.stringify(props.value, null, 2));
  const [problem, setProblem] = useState('');
  const id = controlId(props.path);
  function edit(next: string) {
    setText(next);
    if (next.trim() === '') {
      setProblem('');
      props.onChange(null);
      return;
    }
    try {
      props.onChange(JSON.parse(next));
      setProblem('');
    } catch (error) {
      setProblem(`Invalid JSON: ${(error as Error).message}`);
    }
  }
  return (
    <div class="field">
      <FieldLabel props={props} />
      <textarea
        id={id}
        class="code"
        rows={6}
        value={text}
        onInput={(e) => edit((e.target as HTMLTextAreaElement).value)}
        aria-invalid={problem ? 'true' : undefined}
      />
      {problem && (
        <p class="field-error" role="alert" data-json-error="true">
          {problem}
        </p>
      )}
      <FieldError props={props} />
    </div>
  );
}
