import type { ComponentChild } from 'preact';
import type { AttributeInfo, Schemas, Values } from '../schema';

/** What every control gets: where it is in the form, its value, and the form around it. */
export interface FieldProps {
  schemas: Schemas;
  name: string;
  attribute: AttributeInfo;
  value: any;
  onChange: (value: any) => void;
  /** The dotted path of this value in the document (`seo.metaTitle`, `resources.0.url`): errors are keyed by it. */
  path: string;
  errors: Record<string, string>;
  locale: string | undefined;
  /** The values beside this one (a uid regenerates from its targetField). */
  siblings: Values;
  /** The control for any attribute (set by `Field`): components and zones render their fields with it, without importing it. */
  renderField?: (props: FieldProps) => ComponentChild;
}

/** An id for a form control from its path. */
export function controlId(path: string): string {
  return `field-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
}

/** The label line: the name, a required mark, and the schema's limits as a hint. */
export function FieldLabel({ props, as = 'label' }: { props: FieldProps; as?: 'label' | 'legend' }) {
  const { attribute, name } = props;
  const hints: string[] = [];
  if (attribute.minLength !== undefined) hints.push(`min. ${attribute.minLength} characters`);
  if (attribute.maxLength !== undefined) hints.push(`max. ${attribute.maxLength} characters`);
  if (attribute.min !== undefined) hints.push(`min. ${attribute.min}`);
  if (attribute.max !== undefined) hints.push(`max. ${attribute.max}`);
  const content = (
    <>
      {name}
      {attribute.required && (
        <span class="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {hints.length > 0 && <span class="hint"> ({hints.join(', ')})</span>}
    </>
  );
  return as === 'legend' ? <legend>{content}</legend> : <label for={controlId(props.path)}>{content}</label>;
}

/** The error the API gave for this field, shown under it. */
export function FieldError({ props }: { props: FieldProps }) {
  const message = props.errors[props.path];
  if (!message) return null;
  return (
    <p class="field-error" id={`${controlId(props.path)}-error`} role="alert">
      {message}
    </p>
  );
}

/** The ARIA attributes of a control whose field has an error. */
export function errorAria(props: FieldProps): Record<string, string> {
  return props.errors[props.path] ? { 'aria-invalid': 'true', 'aria-describedby': `${controlId(props.path)}-error` } : {};
}
