import { Component } from 'preact';
import { useRef } from 'preact/hooks';
import type { Values } from '../schema';
import { Field } from './field';
import type { FieldProps } from './field-parts';

/**
 * A top-level control of the edit view that draws again only when its own props change: a
 * keystroke in one field re-renders that field, not the thirty others. The values beside it matter
 * only to a uid (it regenerates from its targetField).
 */
export class MemoField extends Component<FieldProps> {
  override shouldComponentUpdate(next: FieldProps): boolean {
    const previous = this.props as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(next)) {
      if (key === 'siblings') {
        if (next.attribute.type === 'uid' && value !== previous[key]) return true;
      } else if (value !== previous[key]) return true;
    }
    return false;
  }

  override render() {
    return <Field {...this.props} />;
  }
}

/** One `onChange` per attribute name, the same function on every render (so MemoField can skip). */
export function useFieldSetters(setValues: (update: (old: Values) => Values) => void): (name: string) => (value: unknown) => void {
  const setters = useRef(new Map<string, (value: unknown) => void>()).current;
  return (name) => {
    let setter = setters.get(name);
    if (setter === undefined) {
      setter = (value) => setValues((old) => ({ ...old, [name]: value }));
      setters.set(name, setter);
    }
    return setter;
  };
}
