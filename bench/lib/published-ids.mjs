import { timedGet } from './load-test.mjs';

/** documentIds of published articles (what get-one answers without ?status=draft), from the API's pages. */
export async function publishedIds(url, limit) {
  const ids = [];
  for (let page = 1; ids.length < limit; page++) {
    const answer = await timedGet(`${url}/api/articles?fields[0]=title&pagination[pageSize]=100&pagination[page]=${page}`);
    const data = JSON.parse(answer.body).data;
    if (data.length === 0) break;
    ids.push(...data.map((document) => document.documentId));
  }
  return ids.slice(0, limit);
}
