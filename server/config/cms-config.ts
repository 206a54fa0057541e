import type { CacheControlConfig } from './cache-control-option.js';
import type { WebhookEvent } from './webhook-events.js';

/** The complete, frozen configuration every layer reads. Built once by `loadConfig`. */
export interface CmsConfig {
  /** Absolute path of the project folder. */
  readonly dir: string;
  readonly server: {
    readonly host: string;
    readonly port: number;
    readonly watch: boolean;
    /** Whether the index is kept in `.cms/index-cache.bin` between starts (`cms serve`, unless `--no-cache`). */
    readonly indexCache: boolean;
    /** `server.url`: the public URL links in mails start with; undefined: `http://host:port` as bound. */
    readonly url: string | undefined;
  };
  readonly rest: {
    readonly prefix: string;
    readonly defaultLimit: number;
    readonly maxLimit: number;
    readonly withCount: boolean;
    readonly strictParams: boolean;
    /** `Cache-Control` of GET answers, per type. */
    readonly cacheControl: CacheControlConfig;
    /** Type name or uid → the populate query string applied to reads that send none. */
    readonly populate: Readonly<Record<string, string>>;
  };
  /** `GET /openapi.json`; `cms openapi` works whatever this says. */
  readonly openapi: {
    /** Default: on, except with `NODE_ENV=production`. */
    readonly enabled: boolean;
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
  /** The upload API (`upload` in the file): what it accepts and which image formats it makes. */
  readonly upload: UploadConfig;
  /** API tokens, users and their secrets (`auth` in the file, then the environment). */
  readonly auth: AuthConfig;
  /** Outgoing mail (`email` in the file): SMTP, or the outbox folder when it is not set. */
  readonly email: EmailConfig;
  /** `cms export`: per-type default query strings and named preset queries. */
  readonly export: {
    /** pluralName or singularName → query string applied to that type's exported files (`populate=*`). */
    readonly types: Readonly<Record<string, string>>;
    /** Preset name → an API path with its query (`/api/articles?sort=title`), frozen to `api/_presets/<name>.json`. */
    readonly presets: Readonly<Record<string, string>>;
  };
  /** The editor at `/admin` (`admin` in the file; `--no-admin` turns it off). */
  readonly admin: { readonly enabled: boolean };
  /** Webhooks (`webhooks` in the file): where change events are posted, and how deliveries are retried. */
  readonly webhooks: WebhooksConfig;
  /** Locales of localized content types; `defaultLocale` is one of `locales`. */
  readonly i18n: {
    readonly defaultLocale: string;
    readonly locales: readonly { readonly code: string; readonly name: string }[];
  };
}

/** `webhooks` in cms.config.json: Strapi's webhooks, plus retries, a bounded queue and signatures. */
export interface WebhooksConfig {
  /** Strapi's `webhooks.defaultHeaders`: sent with every webhook, before its own headers. */
  readonly defaultHeaders: Readonly<Record<string, string>>;
  readonly endpoints: readonly WebhookEndpoint[];
  /** Deliveries waiting per webhook; beyond it the oldest is dropped (and logged). */
  readonly queueLimit: number;
  /** Tries per delivery, the first included; each retry waits twice as long as the one before. */
  readonly maxAttempts: number;
  /** The wait before the first retry, in milliseconds. */
  readonly retryDelayMs: number;
  /** How long one try may take, in milliseconds (Strapi's 10 s). */
  readonly timeoutMs: number;
  /** How many of the last deliveries the log keeps. */
  readonly logSize: number;
}

/** One webhook as Strapi's admin defines it, plus the environment variable holding its signing secret. */
export interface WebhookEndpoint {
  readonly name: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly events: readonly WebhookEvent[];
  readonly enabled: boolean;
  /** Names the variable holding the HMAC secret of `X-Cms-Signature`; undefined: unsigned. */
  readonly secretEnv: string | undefined;
}

export interface ConfigOverrides {
  host?: string | undefined;
  port?: number | undefined;
  watch?: boolean | undefined;
  /** `cms serve` keeps an index cache; `--no-cache` (and every other command) reads every file. */
  indexCache?: boolean | undefined;
  /** `--no-admin`: false turns the editor off. */
  admin?: boolean | undefined;
}

/** The kinds of API token, as Strapi names them. */
export const API_TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const;
export type ApiTokenType = (typeof API_TOKEN_TYPES)[number];

export function isApiTokenType(value: unknown): value is ApiTokenType {
  return typeof value === 'string' && (API_TOKEN_TYPES as readonly string[]).includes(value);
}

/** One API token as stored: never the token itself, only its salted hash. */
export interface ApiTokenEntry {
  readonly name: string;
  readonly type: ApiTokenType;
  /** HMAC-SHA512 of the token keyed with the salt, lowercase hex (128 characters). */
  readonly accessKey: string;
  /** ISO date after which the token is refused; null for no expiry. */
  readonly expiresAt: string | null;
  /** The action ids a `custom` token may use (empty for the other types). */
  readonly permissions: readonly string[];
}

/** Access control beyond the public role: API tokens, users, and the secrets they need. */
export interface AuthConfig {
  /** `auth.apiTokens` in the file, then the JSON array in `CMS_API_TOKENS`. */
  readonly apiTokens: readonly ApiTokenEntry[];
  /** `API_TOKEN_SALT`, else `auth.apiTokenSalt`; undefined when neither is set. */
  readonly apiTokenSalt: string | undefined;
  /** `JWT_SECRET`, else `auth.jwtSecret`; undefined when neither is set. */
  readonly jwtSecret: string | undefined;
  /** How long a signed-in user's JWT lasts: `30d`, `12h` … or seconds. */
  readonly jwtExpiresIn: string | number;
  /** Whether `POST /api/auth/local/register` accepts new users. */
  readonly register: boolean;
  /** The role given to users who register. */
  readonly defaultRole: string;
  /** Strapi's `email_confirmation`: new users get a confirmation mail and cannot sign in before confirming. */
  readonly emailConfirmation: boolean;
  /** Strapi's `email_confirmation_redirection`: where a followed confirmation link lands (`/` when unset). */
  readonly emailConfirmationRedirection: string | undefined;
  /** Strapi's `email_reset_password`: the front end's reset page, the link in reset mails (`?code=` follows). */
  readonly resetPasswordUrl: string | undefined;
  /** How long a reset-password code is good for, in milliseconds. */
  readonly resetPasswordTokenLifetimeMs: number;
  /** How long an email-confirmation code is good for, in milliseconds. */
  readonly emailConfirmationTokenLifetimeMs: number;
  /** The limit on sign-in, sign-up and the password and confirmation routes. */
  readonly rateLimit: RateLimitConfig;
  /** `NODE_ENV=production`: missing or placeholder secrets stop the start instead of being generated. */
  readonly production: boolean;
}

/** `upload` in cms.config.json; names follow Strapi's upload plugin settings. */
export interface UploadConfig {
  /** Largest accepted file, in bytes (also the total of one request); larger ones get 413. */
  readonly sizeLimit: number;
  /** Mime patterns (`image/*`, `application/pdf`) a file must match; empty accepts any type. */
  readonly allowedTypes: readonly string[];
  /** Mime patterns refused even when allowed. */
  readonly deniedTypes: readonly string[];
  /** Make `large`, `medium` and `small` formats (1000, 750, 500 px) besides the thumbnail. */
  readonly responsiveDimensions: boolean;
  /** Re-encode jpeg, png, webp and tiff images at quality 80, as Strapi does by default. */
  readonly sizeOptimization: boolean;
}

/** At most `max` requests per `intervalMs` per identifier, path and IP (Strapi's users-permissions `ratelimit`). */
export interface RateLimitConfig {
  readonly enabled: boolean;
  readonly intervalMs: number;
  readonly max: number;
}

/** `email` in cms.config.json. The SMTP password is not here: it comes from `SMTP_PASSWORD`. */
export interface EmailConfig {
  /** Undefined: mails are written to `outbox` instead of sent. */
  readonly smtp: SmtpConfig | undefined;
  /** The sender, `Name <address>` or an address. */
  readonly from: string;
  readonly replyTo: string | undefined;
  /** The folder, relative to the project, that takes mails when there is no SMTP server. */
  readonly outbox: string;
  readonly templates: { readonly resetPassword: MailTemplate; readonly emailConfirmation: MailTemplate };
}

export interface SmtpConfig {
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  readonly secure: boolean;
  readonly user: string | undefined;
}

/** One mail: `<%= NAME %>` placeholders in each part (config/mail-templates.ts). */
export interface MailTemplate {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}
