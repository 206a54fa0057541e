import type jsonLogic from 'json-logic-js';
import { packageOnFirstUse } from '../config/package-on-first-use.js';
import type { Attribute } from '../schema/attribute.js';

/** json-logic-js, loaded at the first rule evaluated (most projects have none). */
const loadLogic = packageOnFirstUse<typeof jsonLogic>('json-logic-js');

/**
 * Whether an attribute is shown, by its `conditions.visible` JSON Logic rule over the values beside
 * it (the document's, or the component's): Strapi 5 skips every rule of a hidden attribute, so a
 * `href` required only for external links is not required when `type` is `page`. An attribute
 * without a rule is always visible; a rule that cannot be evaluated counts as visible (validated).
 */
export function isAttributeVisible(attribute: Attribute, data: Readonly<Record<string, unknown>>): boolean {
  if (attribute.visibleWhen === undefined) return true;
  try {
    return Boolean(loadLogic().apply(attribute.visibleWhen as jsonLogic.RulesLogic, data));
  } catch {
    return true;
  }
}
