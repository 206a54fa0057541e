/** The complete, frozen configuration every layer reads. Built once by `loadConfig`. */
export interface CmsConfig {
  /** Absolute path of the project folder. */
  readonly dir: string;
  readonly server: {
    readonly host: string;
    readonly port: number;
    readonly watch: boolean;
  };
  readonly rest: {
    readonly prefix: string;
    readonly defaultLimit: number;
    readonly maxLimit: number;
    readonly withCount: boolean;
    readonly strictParams: boolean;
  };
  /** Input limits, all in one place. */
  readonly limits: {
    /** Longest accepted query string, in bytes. */
    readonly queryBytes: number;
    /** Deepest accepted qs nesting. */
    readonly queryDepth: number;
    /** Longest array qs keeps as an array (longer ones become objects, as in Strapi). */
    readonly queryArrayLimit: number;
    /** Largest accepted JSON body, in bytes. */
    readonly bodyBytes: number;
    /** Deepest accepted `populate` nesting. */
    readonly populateDepth: number;
  };
  /** Role name → allowed action ids (`api::article.article.find`). */
  readonly permissions: Readonly<Record<string, readonly string[]>>;
  /** Locales of localized content types; `defaultLocale` is one of `locales`. */
  readonly i18n: {
    readonly defaultLocale: string;
    readonly locales: readonly { readonly code: string; readonly name: string }[];
  };
}

export interface ConfigOverrides {
  host?: string | undefined;
  port?: number | undefined;
  watch?: boolean | undefined;
}
