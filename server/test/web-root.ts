import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A built web app's index.html as vite leaves it: no inline script, only a hashed `<script src>`. */
export const builtIndexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Olympus</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The default files of a test web root: index.html and its one script. */
export const builtWebFiles: Record<string, string> = {
  'index.html': builtIndexHtml,
  'assets/index-abc123.js': 'console.log("olympus");\n',
};

/** Writes `files` (relative path → text) into a temporary folder; `remove()` deletes it. */
export function writeWebRoot(files: Record<string, string>): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'olympus-web-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
