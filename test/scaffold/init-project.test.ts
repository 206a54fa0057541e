import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runInit } from '../../cli/init-command.js';
import { UserError } from '../../server/errors/user-error.js';
import { createTempProject } from '../helpers/temp-project.js';

function capture(): { out: string[]; err: string[]; output: { out: (line: string) => void; err: (line: string) => void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line) => out.push(line), err: (line) => err.push(line) } };
}

test('init refuses a folder that is a cms project already, and writes nothing', () => {
  const project = createTempProject('blog');
  try {
    const before = project.read('cms.config.json');
    assert.throws(
      () => runInit({ folder: project.dir, template: 'blog' }, capture().output),
      (error: unknown) => error instanceof UserError && /is a cms project already \(it has cms.config.json\)/.test(error.message),
    );
    assert.is(project.read('cms.config.json'), before);
  } finally {
    project.cleanup();
  }
});

test('init keeps an existing .gitignore and README, adding only the missing lines', () => {
  const project = createTempProject();
  try {
    project.write('.gitignore', 'node_modules\n.env\n');
    project.write('README.md', '# mine\n');
    runInit({ folder: project.dir, template: 'empty' }, capture().output);
    assert.is(project.read('.gitignore'), 'node_modules\n.env\n\n# cms\n.cms/\nusers/\ndist-api*/\n');
    assert.is(project.read('README.md'), '# mine\n');
    assert.ok(project.exists('schemas/page.json'));
  } finally {
    project.cleanup();
  }
});

test('init writes a README whose curl examples run as typed (-g for brackets)', () => {
  const project = createTempProject();
  try {
    runInit({ folder: `${project.dir}/My Site`, template: 'blog' }, capture().output);
    const readme = project.read('My Site/README.md');
    assert.match(readme, /^# my-site$/m);
    assert.match(readme, /curl localhost:1337\/api\/articles\n/);
    assert.match(readme, /curl -g 'localhost:1337\/api\/articles\?populate=\*&pagination\[pageSize\]=5'/);
    assert.is(JSON.parse(project.read('My Site/package.json')).name, 'my-site');
  } finally {
    project.cleanup();
  }
});

test('init in a folder where no cms is installed says how to install this one, and shows a command that runs it; where one is, npx cms', () => {
  const project = createTempProject();
  try {
    const alone = capture();
    runInit({ folder: `${project.dir}/alone`, template: 'empty' }, alone.output);
    assert.not.ok(
      alone.out.some((line) => line.includes('npx cms')),
      'npx there would fetch the unrelated npm package named cms',
    );
    assert.ok(alone.out.some((line) => / serve --dir .*alone/.test(line)));
    const note = alone.err.join('\n');
    assert.match(note, /no cms is installed in .*alone or a folder above it/);
    assert.match(note, /unrelated npm package named cms/);
    assert.match(note, /npm install --save-dev \S+/);
    // A cms installed in a folder above (npm links its bin there): the project's scripts and npx find it.
    project.write('node_modules/.bin/cms', '');
    const installed = capture();
    runInit({ folder: `${project.dir}/site`, template: 'empty' }, installed.output);
    assert.ok(installed.out.includes('  npx cms serve        # http://localhost:1337/api'));
    assert.equal(installed.err, []);
    assert.not.match(project.read('site/README.md'), /npmjs/, "the registry's cms is another package");
  } finally {
    project.cleanup();
  }
});

test('init --template with an unknown name is a usage error', () => {
  assert.throws(
    () => runInit({ template: 'shop' }, capture().output),
    (error: unknown) => error instanceof UserError && error.exitCode === 2 && /expected blog or empty, got "shop"/.test(error.message),
  );
});

test('init --from-strapi counts the content types and components and sets the folder up in place', () => {
  const project = createTempProject();
  try {
    project.write('package.json', {
      name: 'my-strapi',
      scripts: { start: 'strapi start', develop: 'strapi develop' },
      dependencies: { '@strapi/strapi': '5.12.0' },
    });
    project.write('.gitignore', '.tmp\nbuild\n');
    const schema = (kind: string, singular: string, plural: string) => ({
      kind,
      info: { singularName: singular, pluralName: plural, displayName: singular },
      attributes: { title: { type: 'string' } },
    });
    project.write('src/api/article/content-types/article/schema.json', schema('collectionType', 'article', 'articles'));
    project.write('src/api/global/content-types/global/schema.json', schema('singleType', 'global', 'globals'));
    project.write('src/api/article/controllers/article.ts', 'export default {};\n');
    project.write('src/components/shared/seo.json', { attributes: {} });
    project.write('src/components/shared/media.json', { attributes: {} });
    project.write('src/components/blocks/hero.json', { attributes: {} });
    const { out, output } = capture();
    assert.is(runInit({ template: 'blog', fromStrapi: project.dir }, output), 0);
    assert.match(out[0]!, /^found 2 content types \(src\/api\/\*\/content-types\/\*\/schema.json\) and 3 components \(src\/components\/\*\/\*.json\)/);
    assert.equal(JSON.parse(project.read('cms.config.json')), {
      permissions: { public: ['api::article.article.find', 'api::article.article.findOne', 'api::global.global.find'] },
    });
    assert.ok(project.exists('content') && project.exists('uploads') && project.exists('CMS.md'));
    assert.not.ok(project.exists('schemas'), 'the schemas stay in src/');
    const manifest = JSON.parse(project.read('package.json'));
    assert.equal(manifest.scripts, {
      start: 'strapi start',
      develop: 'strapi develop',
      'cms:start': 'cms serve',
      check: 'cms check',
      export: 'cms export --clean',
    });
    assert.is(project.read('.gitignore'), '.tmp\nbuild\n\n# cms\n.cms/\nusers/\ndist-api*/\nnode_modules/\n');
    assert.match(project.read('CMS.md'), /src\/api\/<api>\/content-types\/<name>\/schema.json/);
  } finally {
    project.cleanup();
  }
});

test('init --from-strapi refuses a folder without Strapi schemas', () => {
  const project = createTempProject();
  try {
    project.write('package.json', { name: 'x' });
    assert.throws(() => runInit({ template: 'blog', fromStrapi: project.dir }, capture().output), /not a Strapi v5 project/);
    assert.not.ok(project.exists('cms.config.json'));
  } finally {
    project.cleanup();
  }
});

test.run();
