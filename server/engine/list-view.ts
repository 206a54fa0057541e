import type { Status } from '../content-index/entry.js';

/** The entries of a type a list reads: one status, one locale (`*`: every locale; null: a type without locales). */
export interface ListView {
  readonly status: Status;
  readonly locale: string | null;
}
