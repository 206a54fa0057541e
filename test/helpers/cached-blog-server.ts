import { USERS, prepareAuthProject } from '../auth/auth-project.js';
import { type TestServer, startTestServer } from './test-server.js';

/**
 * The blog served with a watcher, its roles allowed `permissions` and articles given
 * `Cache-Control: public, max-age=60` (others `no-cache`), and the JWT of its reader: what the
 * suites of answers sent before Koa (recorded and composed) start from.
 */
export async function startCachedBlog(permissions: {
  readonly public: readonly string[];
  readonly authenticated: readonly string[];
}): Promise<{ server: TestServer; jwt: string }> {
  const server = await startTestServer('blog', {
    watch: true,
    prepare: (project) => {
      prepareAuthProject(project, { permissions });
      const config = JSON.parse(project.read('cms.config.json'));
      config.api.rest.cacheControl = { default: 'no-cache', articles: 'public, max-age=60' };
      project.write('cms.config.json', config);
    },
  });
  const login = await server.request('POST', '/api/auth/local', { body: { identifier: 'reader', password: USERS.reader.password } });
  return { server, jwt: login.body.jwt };
}
