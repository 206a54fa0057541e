/** What the README of a new project tells about it. */
export interface ReadmeFacts {
  readonly name: string;
  /** API routes to show, e.g. `/api/articles`. */
  readonly routes: readonly string[];
  /** A Strapi project read in place: its schemas are under src/, not schemas/. */
  readonly strapi: boolean;
}

/** The README `cms init` writes into a new project (CMS.md beside a Strapi project's own README). */
export function renderProjectReadme(facts: ReadmeFacts): string {
  const first = facts.routes[0] ?? '/api/<pluralName>';
  const schemas = facts.strapi
    ? [
        "src/api/<api>/content-types/<name>/schema.json   content types (Strapi's files, read in place)",
        'src/components/<category>/<name>.json            components',
      ]
    : [
        "schemas/<singularName>.json                      content types (Strapi's schema.json format)",
        'schemas/components/<category>/<name>.json        components',
      ];
  const run = facts.strapi ? 'npx cms serve' : 'npm start';
  return `# ${facts.name}

A content project served by cms: the content is files, the API is Strapi v5's REST Content API.

## Run it

cms runs from this folder once it is installed here or in a folder above it (\`npm install
--save-dev <cms's folder or package file>\`; \`cms init\` says when it is not). It is not on the npm
registry: the package named \`cms\` there is another one, which \`npx cms\` would fetch and run where
no cms is installed.

\`\`\`bash
${run.padEnd(31)} # http://localhost:1337/api, reloads when a file changes
npx cms check                   # every schema and content file, with file and line
npx cms export                  # the API as static JSON files in dist-api/
\`\`\`

Try it while it runs:

\`\`\`bash
curl localhost:1337${first}
curl -g 'localhost:1337${first}?populate=*&pagination[pageSize]=5'
\`\`\`

(\`-g\` keeps curl from reading the brackets as a pattern.)

## The files

\`\`\`
cms.config.json                                   permissions, API limits, export presets
${schemas.join('\n')}
content/<pluralName>/<documentId>.json            one document per file (or .md: front matter + body)
content/<singularName>.json                       single types
uploads/<path>                                    media files
\`\`\`

Content is read-only for anonymous callers as \`cms.config.json\` says (\`permissions.public\`);
writes need an API token (\`npx cms token create --name site --type full-access\`, with
\`API_TOKEN_SALT\` set) or a permission. \`.gitignore\` keeps \`.cms/\` (caches, the mail outbox),
\`users/\` and the export folders out of git.
`;
}
