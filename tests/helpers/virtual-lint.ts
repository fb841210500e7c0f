/**
 * The project's ESLint (its own config and rules, as `npm run lint` runs them) on files that exist only
 * in memory, at paths in folders that do not exist on disk (a real file there would be picked up by the
 * section index, the dev server and the other tests while a lint test runs).
 *
 * The config is type-aware (projectService with tsconfig.json's projects), and TypeScript's projects
 * list only the files on disk, so they would refuse these paths ("was not found by the project
 * service"). allowDefaultProject lets the project service open them in a default project with the
 * browser code's compiler options (tsconfig.src.json); the folders do not exist, so no real file is
 * moved out of its project. Nothing else of the config is changed.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, expect } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Registers the linter's start-up (TypeScript's project service on the whole project: seconds, more on
 * a busy machine) in a beforeAll with time to spare, rather than charging it to the first test. Returns
 * the messages of `rules` for `code` linted as the file at `filePath`, which must have parsed (a parse
 * error would leave no rule's message at all, and so pass every "no message" test).
 */
export function virtualLinter(folders: readonly string[], rules: readonly string[]): (code: string, filePath: string) => Promise<string[]> {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({
      cwd: repoRoot,
      overrideConfig: {
        languageOptions: {
          parserOptions: {
            projectService: {
              allowDefaultProject: ['eslint.config.js', ...folders.flatMap((folder) => [`${folder}/*.ts`, `${folder}/*.tsx`])],
              defaultProject: 'tsconfig.src.json',
              // One file for each folder probed: more than the eight allowed by default.
              maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
            },
          },
        },
      },
    });
    await eslint.lintText('export {};\n', { filePath: `${folders[0]}/probe.ts` });
  }, 120_000);

  return async (code, filePath) => {
    const [result] = await eslint.lintText(code, { filePath });
    expect(result, filePath).toBeDefined();
    expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
    return result!.messages.filter((message) => message.ruleId !== null && rules.includes(message.ruleId)).map((message) => message.message);
  };
}
