import { useState } from 'preact/hooks';
import { emptyComponent, type Values } from '../schema';
import { ComponentFields } from './component-field';
import { type FieldProps, FieldError, FieldLabel, controlId } from './field-parts';
import { ItemControls } from './item-controls';

/** A dynamic zone: pick a component to add; reorder and remove entries. */
export function DynamicZoneField(props: FieldProps) {
  const { schemas, attribute } = props;
  const items: Values[] = props.value ?? [];
  const choices = attribute.components ?? [];
  const [pick, setPick] = useState(choices[0] ?? '');
  const set = (next: Values[]) => props.onChange(next);
  const id = controlId(props.path);
  return (
    <fieldset class="field dynamic-zone" id={id}>
      <FieldLabel props={props} as="legend" />
      {items.map((item, i) => {
        const component = schemas.components[item['__component']];
        const title = `${component?.displayName ?? item['__component']} (${i + 1})`;
        return (
          <div class="item" key={i}>
            <div class="item-header">
              <span>{title}</span>
              <ItemControls items={items} index={i} label={title} onChange={set} />
            </div>
            {component && (
              <ComponentFields
                props={props}
                attributes={component.attributes}
                values={item}
                path={`${props.path}.${i}`}
                onChange={(next) => set(items.map((old, j) => (j === i ? { ...next, __component: item['__component'] } : old)))}
              />
            )}
          </div>
        );
      })}
      <div class="inline">
        <label for={`${id}-pick`}>Component</label>
        <select id={`${id}-pick`} value={pick} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
          {choices.map((uid) => (
            <option key={uid} value={uid}>
              {schemas.components[uid]?.displayName ?? uid}
            </option>
          ))}
        </select>
        <button type="button" class="secondary" onClick={() => set([...items, { __component: pick, ...emptyComponent(schemas, pick) }])}>
          Add a component to {props.name}
        </button>
      </div>
      <FieldError props={props} />
    </fieldset>
  );
}
