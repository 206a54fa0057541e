/**
 * A string as one sequence of its own. V8 keeps a slice of a longer string (13 characters or more)
 * as a reference into it, and a concatenation as a pair: held for long, such a string keeps the
 * whole text it came from alive, or costs an object more than its characters.
 */
export function flatString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
