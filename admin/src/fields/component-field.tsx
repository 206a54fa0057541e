import { emptyComponent, type NamedAttribute, type Values } from '../schema';
import { type FieldProps, FieldError, FieldLabel, controlId } from './field-parts';
import { ItemControls } from './item-controls';

/** The fields of one component value, nested at any depth. */
export function ComponentFields({
  props,
  attributes,
  values,
  path,
  onChange,
}: {
  props: FieldProps;
  attributes: NamedAttribute[];
  values: Values;
  path: string;
  onChange: (values: Values) => void;
}) {
  const Field = props.renderField!;
  return (
    <div class="component-fields">
      {attributes.map(({ name, attribute }) => (
        <Field
          key={name}
          schemas={props.schemas}
          name={name}
          attribute={attribute}
          value={values[name]}
          onChange={(value) => onChange({ ...values, [name]: value })}
          path={`${path}.${name}`}
          errors={props.errors}
          locale={props.locale}
          siblings={values}
        />
      ))}
    </div>
  );
}

/** A component: single (add / remove) or repeatable (add / remove / reorder entries). */
export function ComponentField(props: FieldProps) {
  const { attribute, schemas } = props;
  const component = schemas.components[attribute.component!];
  if (!component) return null;
  const add = () => emptyComponent(schemas, component.uid);
  if (!attribute.repeatable) {
    return (
      <fieldset class="field component" id={controlId(props.path)}>
        <FieldLabel props={props} as="legend" />
        {props.value ? (
          <>
            <ComponentFields props={props} attributes={component.attributes} values={props.value} path={props.path} onChange={props.onChange} />
            <button type="button" class="secondary danger" onClick={() => props.onChange(null)}>
              Remove {component.displayName}
            </button>
          </>
        ) : (
          <button type="button" class="secondary" onClick={() => props.onChange(add())}>
            Add {component.displayName}
          </button>
        )}
        <FieldError props={props} />
      </fieldset>
    );
  }
  const items: Values[] = props.value ?? [];
  const set = (next: Values[]) => props.onChange(next);
  return (
    <fieldset class="field component" id={controlId(props.path)}>
      <FieldLabel props={props} as="legend" />
      {items.map((item, i) => {
        const title = component.mainField && item[component.mainField] ? String(item[component.mainField]) : `${component.displayName} ${i + 1}`;
        return (
          <div class="item" key={i}>
            <div class="item-header">
              <span>{title}</span>
              <ItemControls items={items} index={i} label={title} onChange={set} />
            </div>
            <ComponentFields
              props={props}
              attributes={component.attributes}
              values={item}
              path={`${props.path}.${i}`}
              onChange={(next) => set(items.map((old, j) => (j === i ? next : old)))}
            />
          </div>
        );
      })}
      <button type="button" class="secondary" onClick={() => set([...items, add()])}>
        Add an entry to {props.name}
      </button>
      <FieldError props={props} />
    </fieldset>
  );
}
