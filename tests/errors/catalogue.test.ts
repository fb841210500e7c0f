/**
 * The one listing of every message a person reads (editor/error-listing.ts): codes unique and named by
 * their audience, words in every entry, docs/errors.md made from it, and the catalogues typed so that
 * a call site cannot name a code that does not exist or leave out what its words need.
 */
// @vitest-environment node
// @tier slow: compiles probes with TypeScript
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_LISTING } from '../../editor/error-listing';
import { ADMIN, EDITOR, PUBLISH } from '../../editor/errors';
import { errorsMarkdown, ERRORS_DOC } from '../../scripts/codegen/errors-doc';
import { AUTHORING } from '../../scripts/errors/authoring';
import { BUILD } from '../../scripts/errors/build';
import { Refusal } from '../../scripts/authoring/refusal';
import { diagnosticsOf } from '../helpers/compile';

const root = path.resolve(import.meta.dirname, '../..');

describe('the listing of every error', () => {
  it('holds each code once', () => {
    const codes = ERROR_LISTING.map((entry) => entry.code);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
  });

  it('names each code by its audience (content keeps its older kebab-case codes)', () => {
    for (const { code, audience } of ERROR_LISTING) {
      if (audience === 'content') expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      // Changing content files is the editor's audience, `npm run new` shares it.
      else expect(code, audience).toMatch(new RegExp(`^${audience.toUpperCase()}_[A-Z0-9]+(_[A-Z0-9]+)*$`));
    }
  });

  it('gives every entry words and what to do', () => {
    for (const entry of ERROR_LISTING) expect(entry.message.trim(), entry.code).not.toBe('');
    expect(ERROR_LISTING.filter((entry) => !entry.hint?.trim()).map((entry) => entry.code)).toEqual([]);
  });

  it('covers every audience', () => {
    for (const audience of ['content', 'build', 'editor', 'publish', 'admin']) expect(ERROR_LISTING.filter((entry) => entry.audience === audience).length, audience).toBeGreaterThan(5);
  });

  it('is written into docs/errors.md, by audience (run npm run codegen to update it)', () => {
    const committed = readFileSync(path.join(root, ERRORS_DOC), 'utf8');
    expect(committed).toBe(errorsMarkdown(ERROR_LISTING));
    const at = (text: string) => committed.indexOf(text);
    expect(at('## Content')).toBeLessThan(at('## Build'));
    expect(at('## Editor')).toBeLessThan(at('## Publishing'));
    expect(committed).toContain('- `EDITOR_SAVE_NAME_NOT_KEPT` (HTTP 400)\n  - What happened: {file} cannot be saved under that name: {why}.\n  - What to do: Nothing was written.');
    expect(committed).toContain('- `ADMIN_EDITORS_BAD_ROLE`\n  - What happened: editors.yaml, line {line} ({where}): {value} is not a role.');
  });
});

describe('a catalogue', () => {
  it("makes a refusal with its entry's status, code and words, and the extra beside them", () => {
    const refusal = EDITOR.refusal('EDITOR_DELETE_CHANGED', { file: 'pages/a.yaml' }, { conflict: true });
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal.status).toBe(409);
    expect(refusal.code).toBe('EDITOR_DELETE_CHANGED');
    expect(refusal.body).toEqual({
      code: 'EDITOR_DELETE_CHANGED',
      error: 'pages/a.yaml was changed since you opened it, so it was not deleted.',
      hint: 'Open the page again to see what changed, then delete it if you still want to.',
    });
    expect(refusal.extra).toEqual({ conflict: true });
    expect(PUBLISH.refusal('PUBLISH_LOCKED', { retryAfter: 3 }).extra).toEqual({ retryAfter: 3 });
  });

  it('says message and hint as one text for a console', () => {
    expect(ADMIN.text('ADMIN_VARIABLE_MISSING', { name: 'FIREBASE_API_KEY' })).toBe(
      'FIREBASE_API_KEY is not set. With CESA_EDITOR_REMOTE set, the editor server also needs FIREBASE_API_KEY (docs/administrators.md, "The hosted editor").',
    );
    expect(BUILD.text('BUILD_STOPPED')).toBe('The build stopped: the previous output was left as it was. Correct what is listed above, then build again.');
    expect(AUTHORING.words('EDITOR_NO_SUCH_TEMPLATE', { name: 'blog' })).toEqual({ code: 'EDITOR_NO_SUCH_TEMPLATE', error: 'There is no template called "blog".', hint: 'Pick one of the templates offered.' });
  });

  it('does not compile a code it lacks, missing parameters, or parameters of another entry', () => {
    const errors = diagnosticsOf(
      path.join(root, 'tests/errors/__catalogue-probe.ts'),
      [
        "import { EDITOR } from '../../editor/errors';",
        "EDITOR.refusal('EDITOR_SAVE_NAME_NOT_KEPT', { file: 'a', why: 'b' });",
        "EDITOR.refusal('EDITOR_NO_SUCH_CODE');",
        "EDITOR.refusal('EDITOR_SAVE_NAME_NOT_KEPT');",
        "EDITOR.text('EDITOR_SAVE_NAME_NOT_KEPT', { file: 'a' });",
        "EDITOR.words('EDITOR_DELETE_HOME', { file: 'a' });",
      ].join('\n'),
      { lines: true },
    );
    const lines = errors.map((error) => Number(error.split(':')[0]));
    expect(lines, errors.join('\n')).not.toContain(2);
    for (const line of [3, 4, 5, 6]) expect(lines, errors.join('\n')).toContain(line);
  }, 60_000);
});
