// Builds the editor's front end into admin/dist (run by `npm run build`, so by `npm install`):
// one minified bundle and one stylesheet, named by their content hash, and the page that loads them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'dist');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(path.join(out, 'assets'), { recursive: true });

const result = await build({
  entryPoints: [path.join(here, 'src', 'main.tsx')],
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  target: 'es2020',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: out,
  legalComments: 'none',
});
const named = {};
for (const file of result.outputFiles) {
  const ext = path.extname(file.path);
  const hash = createHash('sha256').update(file.contents).digest('hex').slice(0, 10);
  const name = `assets/app-${hash}${ext}`;
  fs.writeFileSync(path.join(out, name), file.contents);
  named[ext] = name;
}
const css = fs.readFileSync(path.join(here, 'src', 'styles.css'));
const cssName = `assets/styles-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
fs.writeFileSync(path.join(out, cssName), css);
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cms editor</title>
<link rel="stylesheet" href="/admin/${cssName}">
<script type="module" src="/admin/${named['.js']}"></script>
</head>
<body><div id="app"></div></body>
</html>
`;
fs.writeFileSync(path.join(out, 'index.html'), page);
