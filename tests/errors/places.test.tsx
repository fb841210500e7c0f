/**
 * A message shared by `npm run dev` and the hosted editor says the right thing in each place: the
 * hosted editor never tells an editor to run or restart `npm run dev`, nor to read a terminal.
 */
import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_LISTING } from '../../editor/error-listing';
import { EditorModeContext } from '../../editor/app/editor-mode';
import { TroubleBanner } from '../../editor/app/TroubleBanner';
import { failedWithoutWords, unreachable } from '../../editor/protocol/browser-errors';

const root = path.resolve(import.meta.dirname, '../..');
const DEV_WORDS = /npm run dev|terminal/;

describe('words for each place', () => {
  it('an entry that speaks of npm run dev or its terminal is one of the dev server (its code says so)', () => {
    const dev = ERROR_LISTING.filter((entry) => DEV_WORDS.test(`${entry.message} ${entry.hint ?? ''}`));
    expect(dev.length).toBeGreaterThan(0);
    for (const entry of dev) expect(entry.code).toMatch(/_DEV_/);
  });

  it('the hosted server, publishing and the repository never use an entry of the dev server', () => {
    for (const folder of ['editor/hosted', 'editor/publish', 'editor/repo']) {
      for (const file of readdirSync(path.join(root, folder))) {
        expect(readFileSync(path.join(root, folder, file), 'utf8'), `${folder}/${file}`).not.toMatch(/'EDITOR_DEV_[A-Z_]+'/);
      }
    }
  });

  it("the browser app's own words: the dev server's in npm run dev, the academy's server's in the hosted editor", () => {
    expect(`${unreachable('dev').message} ${unreachable('dev').hint}`).toMatch(/npm run dev/);
    expect(`${failedWithoutWords('dev', 502).message} ${failedWithoutWords('dev', 502).hint}`).toMatch(/HTTP 502.*terminal/);
    for (const words of [unreachable('hosted'), failedWithoutWords('hosted', 502)]) {
      expect(`${words.message} ${words.hint}`).not.toMatch(DEV_WORDS);
      expect(`${words.message} ${words.hint}`).toMatch(/editor's server/);
    }
  });

  it('the banner of a server that does not answer, in the hosted editor', () => {
    render(
      <EditorModeContext value="hosted">
        <TroubleBanner file="pages/a.yaml" trouble="unreachable" onSaveAgain={() => undefined} onBack={() => undefined} />
      </EditorModeContext>,
    );
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent("The editor's server does not answer.");
    expect(banner.textContent).not.toMatch(DEV_WORDS);
  });
});
