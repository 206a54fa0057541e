import type { CmsConfig } from '../config/cms-config.js';
import { type JsonSchema, arrayOf, objectOf, schemaRef } from './json-schema.js';
import { type OperationSpec, buildOperation } from './operation.js';
import { deep, pathParameter, plain } from './query-parameters.js';
import { USER_SCHEMA } from './attribute-schemas.js';
import { PAGINATION_SCHEMA, ROLE_SCHEMA, UPLOAD_FILE_SCHEMA } from './shared-schemas.js';

type Spec = Omit<OperationSpec, 'tag'>;

/** The upload, i18n and users-permissions routes cms serves beside the content types. */
export function pluginPaths(config: CmsConfig): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (path: string, method: string, tag: string, spec: Spec): void => {
    paths[path] = { ...paths[path], [method]: buildOperation(config, { ...spec, tag }) };
  };
  const file = schemaRef(UPLOAD_FILE_SCHEMA);
  const upload = (action: string): string => `plugin::upload.content-api.${action}`;
  const fileId = pathParameter('id', 'The numeric id of the file');
  const listParams = [
    deep('filters', 'Filters on the file fields', { type: 'object', additionalProperties: true }),
    deep('sort', 'Sort keys', { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }),
    deep('fields', 'Fields to answer', { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }),
  ];
  add('/upload', 'post', 'Upload', {
    operationId: 'upload',
    summary: 'Upload files (multipart `files`, optional `fileInfo`, `ref`/`refId`/`field`); `?id=` replaces a file or updates its info',
    action: upload('upload'),
    parameters: [plain('id', 'A file to replace or update', { type: 'string' })],
    responses: {
      '201': { description: 'The stored files', schema: arrayOf(file) },
      '200': { description: 'The replaced or updated file', schema: file },
      '413': { description: 'File too big' },
    },
  });
  paths['/upload']!['post'] = {
    ...(paths['/upload']!['post'] as object),
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: objectOf({
            files: { anyOf: [{ type: 'string', format: 'binary' }, arrayOf({ type: 'string', format: 'binary' })] },
            fileInfo: { type: 'string' },
            ref: { type: 'string' },
            refId: { type: 'string' },
            field: { type: 'string' },
          }),
        },
      },
    },
  };
  add('/upload/files', 'get', 'Upload', {
    operationId: 'listFiles',
    summary: 'The media library',
    action: upload('find'),
    parameters: listParams,
    responses: { '200': { description: 'Every file', schema: arrayOf(file) } },
    cached: true,
  });
  add('/upload/files/page', 'get', 'Upload', {
    operationId: 'pageFiles',
    summary: 'The media library, paginated',
    action: upload('find'),
    parameters: [...listParams, deep('pagination', '`[page]` and `[pageSize]`, or `[start]` and `[limit]`', { type: 'object', additionalProperties: true })],
    responses: {
      '200': {
        description: 'A page of files',
        schema: objectOf({ data: arrayOf(file), meta: objectOf({ pagination: schemaRef(PAGINATION_SCHEMA) }, ['pagination']) }, ['data', 'meta']),
      },
    },
    cached: true,
  });
  add('/upload/files/{id}', 'get', 'Upload', {
    operationId: 'getFile',
    summary: 'One file',
    action: upload('findOne'),
    parameters: [fileId],
    responses: { '200': { description: 'The file', schema: file } },
    cached: true,
  });
  add('/upload/files/{id}', 'delete', 'Upload', {
    operationId: 'deleteFile',
    summary: 'Delete a file (and its uses)',
    action: upload('destroy'),
    parameters: [fileId],
    responses: { '200': { description: 'The deleted file', schema: file } },
  });
  add('/i18n/locales', 'get', 'Internationalization', {
    operationId: 'listLocales',
    summary: 'The configured locales',
    action: undefined,
    responses: {
      '200': {
        description: 'The locales',
        schema: arrayOf(
          objectOf({ id: { type: 'integer' }, name: { type: 'string' }, code: { type: 'string' }, isDefault: { type: 'boolean' } }, [
            'id',
            'name',
            'code',
            'isDefault',
          ]),
        ),
      },
    },
    cached: true,
  });
  addUsersPermissions(add);
  return paths;
}

function addUsersPermissions(add: (path: string, method: string, tag: string, spec: Spec) => void): void {
  const user = schemaRef(USER_SCHEMA);
  const session = objectOf({ jwt: { type: 'string' }, user }, ['user']);
  const ok = objectOf({ ok: { type: 'boolean' } }, ['ok']);
  const up = (action: string): string => `plugin::users-permissions.${action}`;
  const body = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => objectOf(properties, required);
  const text = { type: 'string' };
  const auth = (path: string, operationId: string, summary: string, request: JsonSchema, answer: JsonSchema): void =>
    add(`/auth/${path}`, 'post', 'Users & Permissions', {
      operationId,
      summary,
      // Only a signed-in user changes a password; the other auth routes are open to anyone.
      action: path === 'change-password' ? up('auth.changePassword') : undefined,
      requestBody: request,
      responses: { '200': { description: 'Done', schema: answer } },
    });
  auth('local', 'logIn', 'Sign in with email or username', body({ identifier: text, password: text }, ['identifier', 'password']), session);
  auth(
    'local/register',
    'register',
    'Sign up (when auth.register is on)',
    body({ username: text, email: text, password: text }, ['username', 'email', 'password']),
    session,
  );
  auth('forgot-password', 'forgotPassword', 'Mail a reset link', body({ email: text }, ['email']), ok);
  auth(
    'reset-password',
    'resetPassword',
    'Reset a password with the mailed code',
    body({ code: text, password: text, passwordConfirmation: text }, ['code', 'password', 'passwordConfirmation']),
    session,
  );
  auth(
    'change-password',
    'changePassword',
    'Change the signed-in user’s password',
    body({ currentPassword: text, password: text, passwordConfirmation: text }, ['currentPassword', 'password', 'passwordConfirmation']),
    session,
  );
  auth(
    'send-email-confirmation',
    'sendEmailConfirmation',
    'Mail the confirmation link again',
    body({ email: text }, ['email']),
    objectOf({ email: text, sent: { type: 'boolean' } }),
  );
  add('/auth/email-confirmation', 'get', 'Users & Permissions', {
    operationId: 'confirmEmail',
    summary: 'Follow a confirmation link',
    action: undefined,
    parameters: [plain('confirmation', 'The mailed code', text)],
    responses: { '302': { description: 'To auth.emailConfirmationRedirection' } },
  });
  add('/users/me', 'get', 'Users & Permissions', {
    operationId: 'getMe',
    summary: 'The signed-in user',
    action: up('user.me'),
    responses: { '200': { description: 'The user', schema: user } },
  });
  const userId = pathParameter('id', 'The numeric id of the user');
  add('/users', 'get', 'Users & Permissions', {
    operationId: 'listUsers',
    summary: 'Users',
    action: up('user.find'),
    responses: { '200': { description: 'The users', schema: arrayOf(user) } },
  });
  add('/users', 'post', 'Users & Permissions', {
    operationId: 'createUser',
    summary: 'Create a user',
    action: up('user.create'),
    requestBody: { type: 'object', additionalProperties: true },
    responses: { '201': { description: 'Created', schema: user } },
  });
  add('/users/count', 'get', 'Users & Permissions', {
    operationId: 'countUsers',
    summary: 'How many users',
    action: up('user.count'),
    responses: { '200': { description: 'The count', schema: { type: 'integer' } } },
  });
  add('/users/{id}', 'get', 'Users & Permissions', {
    operationId: 'getUser',
    summary: 'One user',
    action: up('user.findOne'),
    parameters: [userId],
    responses: { '200': { description: 'The user', schema: user }, '204': { description: 'No such user' } },
  });
  add('/users/{id}', 'put', 'Users & Permissions', {
    operationId: 'updateUser',
    summary: 'Update a user',
    action: up('user.update'),
    parameters: [userId],
    requestBody: { type: 'object', additionalProperties: true },
    responses: { '200': { description: 'The user', schema: user } },
  });
  add('/users/{id}', 'delete', 'Users & Permissions', {
    operationId: 'deleteUser',
    summary: 'Delete a user',
    action: up('user.destroy'),
    parameters: [userId],
    responses: { '200': { description: 'The deleted user', schema: user }, '204': { description: 'No such user' } },
  });
  add('/users-permissions/roles', 'get', 'Users & Permissions', {
    operationId: 'listRoles',
    summary: 'The roles',
    action: up('role.find'),
    responses: { '200': { description: 'The roles', schema: objectOf({ roles: arrayOf(schemaRef(ROLE_SCHEMA)) }, ['roles']) } },
  });
  add('/users-permissions/roles/{id}', 'get', 'Users & Permissions', {
    operationId: 'getRole',
    summary: 'One role with its permissions',
    action: up('role.findOne'),
    parameters: [pathParameter('id', 'The role id')],
    responses: { '200': { description: 'The role', schema: objectOf({ role: schemaRef(ROLE_SCHEMA) }, ['role']) } },
  });
}
