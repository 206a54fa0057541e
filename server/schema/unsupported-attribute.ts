/**
 * An attribute of a kind cms does not know (a plugin's type, a relation kind it cannot answer):
 * the schema still loads, the attribute is left out and the problem becomes a warning.
 */
export class UnsupportedAttributeError extends Error {}
