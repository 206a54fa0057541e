/** Loaded modules by name: `api::<api>.<name>` / `global::<name>`, with the file each came from. */
export type Modules = Map<string, { readonly value: unknown; readonly file: string }>;
