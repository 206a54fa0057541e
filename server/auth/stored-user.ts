/** A user as kept in `users/<documentId>.json`, with the fields no response may show. */
export interface StoredUser {
  readonly id: number;
  readonly documentId: string;
  readonly username: string;
  /** Lower-cased, as Strapi stores it. */
  readonly email: string;
  readonly provider: string;
  /** A bcrypt hash; null for a user who cannot sign in with a password. */
  readonly password: string | null;
  readonly resetPasswordToken: string | null;
  readonly confirmationToken: string | null;
  readonly confirmed: boolean;
  readonly blocked: boolean;
  /** A role name of cms.config.json `permissions` (`authenticated` unless set). */
  readonly role: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string;
}

/** The user object of Strapi's users-permissions responses: public fields only, in its order. */
export function toPublicUser(user: StoredUser): Record<string, unknown> {
  return {
    id: user.id,
    documentId: user.documentId,
    username: user.username,
    email: user.email,
    provider: user.provider,
    confirmed: user.confirmed,
    blocked: user.blocked,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    publishedAt: user.publishedAt,
  };
}
