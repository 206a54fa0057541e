import type { TemplateValues } from '../mail/render-template.js';
import type { StoredUser } from './stored-user.js';

/** The user fields a mail template may show (`<%= USER.username %>`): public ones only. */
export function templateUser(user: StoredUser): TemplateValues {
  return {
    'USER.id': String(user.id),
    'USER.documentId': user.documentId,
    'USER.username': user.username,
    'USER.email': user.email,
  };
}
