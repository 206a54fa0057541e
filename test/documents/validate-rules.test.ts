import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAttributeRules, requiredMessage } from '../../server/documents/validate-rules.js';
import { parseAttribute } from '../../server/schema/parse-attribute.js';

const attribute = (raw: Record<string, unknown>) => parseAttribute('f', raw, new Set());

const rows: { name: string; raw: Record<string, unknown>; value: unknown; draft?: boolean; messages: string[] }[] = [
  { name: 'null passes every rule', raw: { type: 'string', minLength: 3 }, value: null, messages: [] },
  { name: 'minLength', raw: { type: 'string', minLength: 3 }, value: 'ab', messages: ['f must be at least 3 characters'] },
  { name: 'minLength on an empty string', raw: { type: 'text', minLength: 1 }, value: '', messages: ['f must be at least 1 characters'] },
  { name: 'minLength is skipped for drafts', raw: { type: 'string', minLength: 3 }, value: 'ab', draft: true, messages: [] },
  { name: 'maxLength', raw: { type: 'string', maxLength: 3 }, value: 'abcd', messages: ['f must be at most 3 characters'] },
  { name: 'maxLength holds for drafts', raw: { type: 'richtext', maxLength: 3 }, value: 'abcd', draft: true, messages: ['f must be at most 3 characters'] },
  { name: 'min', raw: { type: 'integer', min: 1 }, value: 0, messages: ['f must be greater than or equal to 1'] },
  { name: 'min on a decimal', raw: { type: 'decimal', min: 0.5 }, value: 0.25, messages: ['f must be greater than or equal to 0.5'] },
  { name: 'min is skipped for drafts', raw: { type: 'integer', min: 1 }, value: 0, draft: true, messages: [] },
  { name: 'max', raw: { type: 'float', max: 10 }, value: 10.5, messages: ['f must be less than or equal to 10'] },
  { name: 'max holds for drafts', raw: { type: 'integer', max: 10 }, value: 11, draft: true, messages: ['f must be less than or equal to 10'] },
  { name: 'the bounds themselves pass', raw: { type: 'integer', min: 1, max: 10 }, value: 10, messages: [] },
  { name: 'regex', raw: { type: 'string', regex: '^[A-Z]+$' }, value: 'abc', messages: ['f must match the following: "/^[A-Z]+$/"'] },
  { name: 'regex lets an empty optional string pass', raw: { type: 'string', regex: '^[A-Z]+$' }, value: '', messages: [] },
  // yup's matches() with excludeEmptyString: !required.
  {
    name: 'regex tests an empty required string',
    raw: { type: 'string', regex: '^[A-Z]+$', required: true },
    value: '',
    messages: ['f must match the following: "/^[A-Z]+$/"'],
  },
  { name: 'regex is skipped for drafts', raw: { type: 'string', regex: '^[A-Z]+$' }, value: 'abc', draft: true, messages: [] },
  {
    name: 'several rules of one attribute all report',
    raw: { type: 'string', minLength: 5, regex: '^[A-Z]+$' },
    value: 'ab',
    messages: ['f must be at least 5 characters', 'f must match the following: "/^[A-Z]+$/"'],
  },
  { name: 'email', raw: { type: 'email' }, value: 'not-an-email', messages: ['f must be a valid email'] },
  { name: 'a valid email', raw: { type: 'email' }, value: 'a.b@example.com', messages: [] },
  // Strapi: schema.email().min(1, '${path} cannot be empty'); yup's email() skips empty strings.
  { name: 'an empty email', raw: { type: 'email' }, value: '', messages: ['f cannot be empty'] },
  { name: 'email is skipped for drafts', raw: { type: 'email' }, value: 'nope', draft: true, messages: [] },
  { name: 'uid characters (recorded #126)', raw: { type: 'uid' }, value: 'has spaces!', messages: ['f must match the following: "/^[A-Za-z0-9-_.~]*$/"'] },
  { name: 'uid characters that pass', raw: { type: 'uid' }, value: 'A-z_0.9~', messages: [] },
  { name: 'uid characters are skipped for drafts', raw: { type: 'uid' }, value: 'has spaces!', draft: true, messages: [] },
  {
    name: 'enumeration, with the trailing ", " of the null choice (recorded #124)',
    raw: { type: 'enumeration', enum: ['news', 'guide', 'opinion'] },
    value: 'bogus',
    messages: ['f must be one of the following values: news, guide, opinion, '],
  },
  {
    name: 'enumeration holds for drafts',
    raw: { type: 'enumeration', enum: ['a'] },
    value: 'b',
    draft: true,
    messages: ['f must be one of the following values: a, '],
  },
  {
    name: 'repeatable max',
    raw: { type: 'component', component: 'x.y', repeatable: true, max: 1 },
    value: [{}, {}],
    messages: ['f field must have at most 1 items'],
  },
  {
    name: 'repeatable max holds for drafts',
    raw: { type: 'component', component: 'x.y', repeatable: true, max: 1 },
    value: [{}, {}],
    draft: true,
    messages: ['f field must have at most 1 items'],
  },
  {
    name: 'repeatable min when not empty',
    raw: { type: 'component', component: 'x.y', repeatable: true, min: 2 },
    value: [{}],
    messages: ['f field must have at least 2 items'],
  },
  { name: 'repeatable min lets an empty optional list pass', raw: { type: 'component', component: 'x.y', repeatable: true, min: 2 }, value: [], messages: [] },
  {
    name: 'repeatable min on an empty required list',
    raw: { type: 'component', component: 'x.y', repeatable: true, min: 1, required: true },
    value: [],
    messages: ['f field must have at least 1 items'],
  },
  {
    name: 'repeatable min is skipped for drafts',
    raw: { type: 'component', component: 'x.y', repeatable: true, min: 2 },
    value: [{}],
    draft: true,
    messages: [],
  },
  { name: 'dynamic zone max', raw: { type: 'dynamiczone', components: ['x.y'], max: 1 }, value: [{}, {}], messages: ['f field must have at most 1 items'] },
  { name: 'dynamic zone min', raw: { type: 'dynamiczone', components: ['x.y'], min: 2 }, value: [{}], messages: ['f field must have at least 2 items'] },
];

for (const row of rows) {
  test(`checkAttributeRules: ${row.name}`, () => {
    const errors = checkAttributeRules(attribute(row.raw), row.value, ['f'], { draft: row.draft ?? false });
    assert.equal(
      errors.map((error) => error.message),
      row.messages,
    );
    for (const error of errors) {
      assert.equal(error.path, ['f']);
      assert.equal(error.value, row.value);
    }
  });
}

const required: { name: string; raw: Record<string, unknown>; how: 'missing' | 'null-create' | 'null-update'; message: string }[] = [
  { name: 'a missing attribute on create', raw: { type: 'string' }, how: 'missing', message: 'f must be defined.' },
  { name: 'a missing json on create', raw: { type: 'json' }, how: 'missing', message: 'f must be defined.' },
  // yup checks the type before notNil/notNull: a typed schema reports null as a type error.
  {
    name: 'a null string on create (Strapi: title null)',
    raw: { type: 'string' },
    how: 'null-create',
    message: 'f must be a `string` type, but the final value was: `null`.',
  },
  {
    name: 'a null string on update (recorded #149)',
    raw: { type: 'string' },
    how: 'null-update',
    message: 'f must be a `string` type, but the final value was: `null`.',
  },
  {
    name: 'a null enumeration',
    raw: { type: 'enumeration', enum: ['a'] },
    how: 'null-update',
    message: 'f must be a `string` type, but the final value was: `null`.',
  },
  { name: 'a null integer', raw: { type: 'integer' }, how: 'null-create', message: 'f must be a `number` type, but the final value was: `null`.' },
  { name: 'a null boolean', raw: { type: 'boolean' }, how: 'null-update', message: 'f must be a `boolean` type, but the final value was: `null`.' },
  { name: 'null blocks', raw: { type: 'blocks' }, how: 'null-create', message: 'f must be a `array` type, but the final value was: `null`.' },
  {
    name: 'a null repeatable component',
    raw: { type: 'component', component: 'x.y', repeatable: true },
    how: 'null-update',
    message: 'f must be a `array` type, but the final value was: `null`.',
  },
  {
    name: 'a null single component',
    raw: { type: 'component', component: 'x.y' },
    how: 'null-create',
    message: 'f must be a `object` type, but the final value was: `null`.',
  },
  // Untyped (yup.mixed) schemas reach the required test itself.
  { name: 'a null json on create', raw: { type: 'json' }, how: 'null-create', message: 'f must be defined.' },
  { name: 'a null json on update', raw: { type: 'json' }, how: 'null-update', message: 'f cannot be null.' },
  { name: 'a null date on create', raw: { type: 'date' }, how: 'null-create', message: 'f must be defined.' },
  { name: 'a null datetime on update', raw: { type: 'datetime' }, how: 'null-update', message: 'f cannot be null.' },
  { name: 'a null biginteger on update', raw: { type: 'biginteger' }, how: 'null-update', message: 'f cannot be null.' },
];

for (const row of required) {
  test(`requiredMessage: ${row.name}`, () => {
    assert.is(requiredMessage(attribute(row.raw), ['f'], row.how), row.message);
  });
}

test.run();
