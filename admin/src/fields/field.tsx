import { ComponentField } from './component-field';
import { DynamicZoneField } from './dynamic-zone-field';
import type { FieldProps } from './field-parts';
import { MediaField } from './media-field';
import { RelationField } from './relation-field';
import { ScalarField } from './scalar-field';

/** The control for an attribute's kind. */
export function Field(given: FieldProps) {
  const props = { ...given, renderField: Field };
  switch (props.attribute.kind) {
    case 'relation':
      return <RelationField {...props} />;
    case 'media':
      return <MediaField {...props} />;
    case 'component':
      return <ComponentField {...props} />;
    case 'dynamiczone':
      return <DynamicZoneField {...props} />;
    default:
      return <ScalarField {...props} />;
  }
}
