import Router from '@koa/router';
import type { CmsConfig } from '../config/cms-config.js';

/** `GET /api/i18n/locales`: the configured locales, as Strapi's i18n plugin lists them. */
export function createI18nRouter(config: CmsConfig): Router {
  const router = new Router({ prefix: `${config.rest.prefix}/i18n` });
  const locales = config.i18n.locales.map((locale, index) => ({
    id: index + 1,
    name: locale.name,
    code: locale.code,
    isDefault: locale.code === config.i18n.defaultLocale,
  }));
  router.get('/locales', (ctx) => {
    ctx.body = locales;
  });
  return router;
}
