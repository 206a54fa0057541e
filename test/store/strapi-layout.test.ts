import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const test = suite<{ project: TempProject }>("a Strapi project's layout");

test.before.each((context) => {
  context.project = createTempProject();
});

test.after.each(({ project }) => project.cleanup());

const type = (singularName: string, pluralName: string, attributes: object = {}) => ({
  kind: 'collectionType',
  info: { singularName, pluralName, displayName: singularName },
  attributes: { title: { type: 'string' }, ...attributes },
});

test('content types under src/api and components under src/components load, with uids as Strapi derives them', ({ project }) => {
  project.write('src/api/blog/content-types/post/schema.json', type('post', 'posts', { seo: { type: 'component', component: 'shared.seo' } }));
  project.write('src/components/shared/seo.json', { attributes: { metaTitle: { type: 'string' } } });
  const registry = loadSchemas(project.dir);
  assert.equal([...registry.contentTypes.keys()], ['api::blog.post']);
  assert.ok(registry.components.has('shared.seo'));
  assert.is(registry.byRouteName.get('posts')?.file, 'src/api/blog/content-types/post/schema.json');
});

test('schemas/ and src/ are read together', ({ project }) => {
  project.write('schemas/tag.json', type('tag', 'tags'));
  project.write('src/api/post/content-types/post/schema.json', type('post', 'posts'));
  assert.equal([...loadSchemas(project.dir).contentTypes.keys()].sort(), ['api::post.post', 'api::tag.tag']);
});

test('the same uid defined twice is an error naming both files', ({ project }) => {
  project.write('schemas/post.json', type('post', 'posts'));
  project.write('src/api/post/content-types/post/schema.json', type('post', 'posts'));
  try {
    loadSchemas(project.dir);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, FileError);
    assert.match((error as Error).message, 'schemas/post.json');
    assert.match((error as Error).message, 'src/api/post/content-types/post/schema.json');
  }
});

test('the same component in schemas/components and src/components is an error naming both files', ({ project }) => {
  project.write('schemas/tag.json', type('tag', 'tags'));
  project.write('schemas/components/shared/seo.json', { attributes: {} });
  project.write('src/components/shared/seo.json', { attributes: {} });
  assert.throws(() => loadSchemas(project.dir), /schemas\/components\/shared\/seo\.json.*src\/components\/shared\/seo\.json/);
});

test('a content-types folder without schema.json is skipped; lifecycles files beside it are not schemas', ({ project }) => {
  project.write('src/api/post/content-types/post/schema.json', type('post', 'posts'));
  project.write('src/api/post/content-types/post/lifecycles.ts', 'export default {};\n');
  project.write('src/api/empty/content-types/nothing/README.md', 'x');
  assert.equal([...loadSchemas(project.dir).contentTypes.keys()], ['api::post.post']);
});

test.run();
