/**
 * What "the code" is, defined once. Three questions are asked of it:
 * - what shapes the site's output (the build's code fingerprint, build-cache.ts): the engine's
 *   src/, the build, the photos' processing, the code generation Vite runs, and the files at the top
 *   the bundles are made with. Not the dev server, hosting, benchmarks, the commands or the editor:
 *   changing those leaves every bundle and page as it was.
 * - what shapes the editor's browser app (its build, editor/app-build.ts): the site's parts it draws
 *   (src/), its own app and wire protocol, the dependencies.
 * - what a server runs (publishing refuses when main's code is not the server's,
 *   editor/publish/code-check.ts): everything under src/, scripts/ and editor/ and the files at the
 *   top. Not the README, docs/, the tests, the content (pages/, public/), editors.yaml or firebase.json
 *   (made from the content): a typo fixed in the README never stops publishing.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export type CodeKind = 'site-output' | 'editor-app' | 'server';

/** The files at the top of the project that the bundles and the servers are made with. */
const TOP_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.src.json', 'tsconfig.node.json', 'package-lock.json'];

const KINDS: Record<CodeKind, { folders: readonly string[]; files: readonly string[] }> = {
  'site-output': { folders: ['src', 'scripts/builder', 'scripts/images', 'scripts/codegen'], files: TOP_FILES },
  'editor-app': { folders: ['src', 'editor/app', 'editor/protocol'], files: ['package-lock.json', 'editor/app-build.ts', 'editor/hosted/app-files.ts', 'editor/server/shells.ts'] },
  server: { folders: ['src', 'scripts', 'editor', 'commands'], files: [...TOP_FILES, 'package.json'] },
};

/** Whether `file` (a path of the repository, with forward slashes) is code of this kind. */
export function isCode(file: string, kind: CodeKind): boolean {
  const { folders, files } = KINDS[kind];
  return files.includes(file) || folders.some((folder) => file.startsWith(`${folder}/`));
}

/** The code files of this kind under `root` (relative, forward slashes, sorted). */
export function codeFiles(root: string, kind: CodeKind): string[] {
  const { folders, files } = KINDS[kind];
  const walk = (dir: string): string[] =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
          .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
          .filter((file) => statSync(path.join(root, file)).isFile())
      : [];
  return [...folders.flatMap(walk), ...files.filter((file) => existsSync(path.join(root, file)))].sort();
}
