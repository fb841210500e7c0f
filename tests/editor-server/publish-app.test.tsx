/**
 * The publisher's screen of the hosted editor, on answers shaped as the server gives them (the
 * server's side is tests/editor-server/publish.test.ts): the ready draft's pages by name, with their
 * text live and after publishing (words marked) and their photos, the summary asked before a publish,
 * its lines against the live page, the same field's two values side by side in the conflict dialog, the publisher's choice
 * sent with the publish and the reviewed commit, "Publish again", a version put back live after a
 * question, a publish a restart dropped, and the editor told that saving withdrew "ready".
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_API } from '../../editor/protocol/api';
import type { PublishConflict, ReviewResponse } from '../../editor/protocol/publish';
import { PublishPanel } from '../../editor/app/PublishPanel';
import { ReadyForReview } from '../../editor/app/ReadyForReview';

const conflict: PublishConflict = { key: 'a'.repeat(24), file: 'pages/staad.yaml', where: 'sections[0].title', live: 'STAAD by Asha', draft: 'STAAD by Ravi' };

const review: ReviewResponse = {
  drafts: [
    {
      draft: 'ravi-editor-example-com',
      name: 'Ravi Editor',
      email: 'ravi.editor@example.com',
      readyAt: '2026-11-25T10:00:00.000Z',
      commit: 'c'.repeat(40),
      digest: 'd'.repeat(64),
      problem: null,
      files: [
        {
          file: 'pages/staad.yaml',
          change: 'changed',
          page: true,
          live: 'meta:\n  title: STAAD\n',
          published: 'meta:\n  title: STAAD by Ravi\n',
          shown: {
            name: 'STAAD Pro',
            route: '/staad',
            kind: 'page',
            before: ['STAAD Pro', 'Learn the analysis of frames in six weeks.', 'Classroom batches'],
            after: ['STAAD Pro', 'Learn the analysis and design of frames in eight weeks.', 'Classroom batches'],
            unchanged: { head: 0, tail: 0 },
            photos: [{ label: 'A frame model', before: 'data:image/webp;base64,AAAA', after: 'data:image/webp;base64,BBBB', times: 1 }],
            addresses: [],
            leftOut: { paragraphs: 0, photos: 0, addresses: 0 },
            what: ['text', 'photo'],
          },
        },
        {
          file: 'pages/_site.yaml',
          change: 'changed',
          page: true,
          live: 'footer: {}\n',
          published: 'footer: {}\n',
          shown: {
            name: 'The whole site',
            route: null,
            kind: 'site',
            before: ['Pune'],
            after: ['Pune, Maharashtra'],
            unchanged: { head: 0, tail: 0 },
            photos: [],
            addresses: [],
            leftOut: { paragraphs: 0, photos: 0, addresses: 0 },
            what: ['the footer', 'the contacts'],
          },
        },
      ],
      conflicts: [conflict],
      origins: [],
    },
  ],
  versions: [
    { tag: 'published/2', at: '2026-11-25T09:00:00.000Z', what: "Asha Editor's draft", by: 'Meera Publisher', live: true, fromEditor: true },
    { tag: 'published/1', at: '2026-11-24T09:00:00.000Z', what: "Asha Editor's draft", by: 'Meera Publisher', live: false, fromEditor: true },
  ],
  busy: null,
  unfinished: null,
  dropped: null,
  refusal: null,
  schedules: [],
  dateUpdate: null,
  now: '2026-12-08T06:00:00.000Z',
};

const reviewedCommit = { draft: 'ravi-editor-example-com', commit: 'c'.repeat(40), digest: 'd'.repeat(64) };

/** A promise and the function that settles it: an answer the test gives when it chooses. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** What the screen asked the server, in order: method, endpoint, body. */
let asked: { method: string; endpoint: string; body: unknown }[];
type Answer = { status: number; body: unknown };
let answers: Record<string, () => Answer | Promise<Answer>>;

beforeEach(() => {
  asked = [];
  answers = { 'GET review': () => ({ status: 200, body: review }) };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const endpoint = url.slice(`${EDITOR_API}/publish/`.length);
      const method = init.method ?? 'GET';
      asked.push({ method, endpoint, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      return Promise.resolve(answers[`${method} ${endpoint}`]?.() ?? { status: 404, body: { error: 'Not here.' } }).then((answer) => new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the publisher’s screen', () => {
  it('lists the changed pages by name and address, with the text live and after publishing, the words removed and inserted marked, and the photos before and after', async () => {
    render(<PublishPanel />);
    const draft = (await screen.findByRole('heading', { name: "Ravi Editor's draft" })).closest('li')!;
    expect(draft).toHaveTextContent('One page and the whole site change on the live site');
    const page = within(draft).getByRole('heading', { name: /^STAAD Pro\s+\/staad$/ }).closest('li')!;
    expect(page).toHaveTextContent('Changed: text, photo.');
    const text = within(page).getByRole('group', { name: 'The text live now and after publishing' });
    const live = within(text).getByLabelText('Live now');
    const after = within(text).getByLabelText('After publishing');
    expect(live).toHaveTextContent('Learn the analysis of frames in six weeks.');
    expect([...live.querySelectorAll('del')].map((mark) => mark.textContent)).toEqual(['six']);
    expect(after).toHaveTextContent('Learn the analysis and design of frames in eight weeks.');
    expect([...after.querySelectorAll('ins')].map((mark) => mark.textContent)).toEqual(['and design ', 'eight']);
    expect(text).toHaveTextContent('One paragraph unchanged');
    expect(within(page).getByRole('img', { name: 'Live now: A frame model' })).toHaveAttribute('src', 'data:image/webp;base64,AAAA');
    expect(within(page).getByRole('img', { name: 'After publishing: A frame model' })).toHaveAttribute('src', 'data:image/webp;base64,BBBB');
    expect(within(draft).getByRole('heading', { name: 'The whole site: the footer, the contacts' })).toBeVisible();
    // No file names or YAML unless asked for.
    expect(within(draft).queryByText(/pages\/staad\.yaml \(changed\)/)).toBeNull();
  });

  it('asks before publishing, with a summary of which pages, whose draft and what, and publishes nothing when cancelled', async () => {
    render(<PublishPanel />);
    const draft = (await screen.findByRole('heading', { name: "Ravi Editor's draft" })).closest('li')!;
    await userEvent.click(within(draft).getByRole('button', { name: "Publish Ravi Editor's draft" }));
    const dialog = await screen.findByRole('alertdialog', { name: "Publish Ravi Editor's draft?" });
    expect(dialog).toHaveTextContent('One page and one other change changed by Ravi Editor: STAAD Pro (text, photo); The whole site: the footer, the contacts.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(asked.filter((request) => request.endpoint === 'publish')).toEqual([]);
  });

  it('shows the ready draft with its lines against the live page, asks for the field both changed side by side, and publishes the choice', async () => {
    render(<PublishPanel />);
    const draft = (await screen.findByRole('heading', { name: "Ravi Editor's draft" })).closest('li')!;
    expect(draft).toHaveTextContent('one field was also changed live since');
    await userEvent.click(within(draft).getByText('The file, line by line (pages/staad.yaml)'));
    const diff = within(draft).getByLabelText('Differences between the live page and the page as it would be published');
    expect(diff.textContent).toContain('−   title: STAAD\n');
    expect(diff.textContent).toContain('+   title: STAAD by Ravi\n');

    answers['POST publish'] = () => ({ status: 200, body: { conflicts: [conflict] } });
    await userEvent.click(within(draft).getByRole('button', { name: "Publish Ravi Editor's draft" }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: "Publish Ravi Editor's draft?" })).getByRole('button', { name: 'Publish now' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Both the live site and Ravi Editor's draft changed the same field" });
    const field = within(dialog).getByRole('group', { name: 'sections[0].title in pages/staad.yaml' });
    expect(within(field).getByRole('radio', { name: /Keep the live value/ }).closest('label')).toHaveTextContent('STAAD by Asha');
    expect(within(field).getByRole('radio', { name: /Take Ravi Editor's draft's value/ }).closest('label')).toHaveTextContent('STAAD by Ravi');
    expect(within(dialog).getByRole('button', { name: 'Publish (1 to choose)' })).toBeDisabled();

    answers['POST publish'] = () => ({ status: 200, body: { published: 'published/3' } });
    await userEvent.click(within(field).getByRole('radio', { name: /Keep the live value/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish with these values' }));
    expect(await screen.findByText("Published Ravi Editor's draft as published/3: the live site shows it now.")).toBeVisible();
    expect(asked.filter((request) => request.endpoint === 'publish')).toEqual([
      { method: 'POST', endpoint: 'publish', body: { ...reviewedCommit, decisions: [] } },
      { method: 'POST', endpoint: 'publish', body: { ...reviewedCommit, decisions: [{ key: conflict.key, choice: 'live' }] } },
    ]);
  });

  it('puts an earlier version back live after asking, and offers no such button for the live one', async () => {
    render(<PublishPanel />);
    const versions = (await screen.findByRole('heading', { name: 'Published versions' })).closest('section')!;
    expect(within(versions).queryByRole('button', { name: 'Put published/2 back live' })).toBeNull();
    answers['POST rollback'] = () => ({ status: 200, body: { published: 'published/3' } });
    await userEvent.click(within(versions).getByRole('button', { name: 'Put published/1 back live' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Put published/1 back live?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Put it back live' }));
    expect(await screen.findByText('published/1 is live again (recorded as published/3).')).toBeVisible();
    expect(asked).toContainEqual({ method: 'POST', endpoint: 'rollback', body: { tag: 'published/1' } });
  });

  it('lists a version pushed with git as not published from the editor, without who it claims, and offers no way to put it back live', async () => {
    const pushed = { tag: 'published/3', at: '2026-11-26T09:00:00.000Z', what: '', by: '', live: false, fromEditor: false };
    answers['GET review'] = () => ({ status: 200, body: { ...review, versions: [pushed, ...review.versions] } });
    render(<PublishPanel />);
    const versions = (await screen.findByRole('heading', { name: 'Published versions' })).closest('section')!;
    const item = within(versions).getByText('published/3').closest('li')!;
    expect(item).toHaveTextContent('published/3: not published from the editor (nobody reviewed it here)');
    expect(item).not.toHaveTextContent('Meera');
    expect(within(versions).queryByRole('button', { name: 'Put published/3 back live' })).toBeNull();
    expect(within(versions).getByRole('button', { name: 'Put published/1 back live' })).toBeEnabled();
  });

  it('shows a publish the live site did not take, with "Publish again", and the server’s words when it fails again', async () => {
    answers['GET review'] = () => ({ status: 200, body: { ...review, drafts: [], unfinished: { what: 'drafts/asha-editor-example-com', failed: 'firebase deploy failed' } } });
    answers['POST again'] = () => ({ status: 502, body: { error: 'The publish is on main, but Firebase Hosting did not take it.', hint: 'Nothing is lost. Choose "Publish again".' } });
    render(<PublishPanel />);
    expect(await screen.findByRole('heading', { name: 'The last publish is not live yet' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Publish again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The publish is on main, but Firebase Hosting did not take it.Nothing is lost.');
  });

  it('says before anyone tries when nothing can be published (main’s code is not the server’s), and offers no Publish', async () => {
    answers['GET review'] = () => ({
      status: 200,
      body: { ...review, refusal: { error: "Nothing was published: main's code is not the code this server runs (package.json), so the site built here would not be main.", hint: 'Ask the administrator.' } },
    });
    render(<PublishPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Nothing can be published now: main's code is not the code this server runs (package.json)");
    expect(screen.getByRole('button', { name: "Publish Ravi Editor's draft" })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Put published/1 back live' })).toBeDisabled();
  });

  it('never says another publish is under way once its own publish is done, even when a review asked before it is answered during it', async () => {
    render(<PublishPanel />);
    const draft = (await screen.findByRole('heading', { name: "Ravi Editor's draft" })).closest('li')!;
    answers['POST publish'] = () => ({ status: 200, body: { conflicts: [conflict] } });
    // The review asked once the conflicts are shown is answered only after the next publish has begun: it says that publish is under way.
    const staleReview = later<Answer>();
    answers['GET review'] = () => staleReview.promise;
    await userEvent.click(within(draft).getByRole('button', { name: "Publish Ravi Editor's draft" }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: "Publish Ravi Editor's draft?" })).getByRole('button', { name: 'Publish now' }));
    const dialog = await screen.findByRole('alertdialog');
    const published = later<Answer>();
    answers['POST publish'] = () => published.promise;
    await userEvent.click(within(dialog).getByRole('radio', { name: /Keep the live value/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish with these values' }));
    await act(async () => {
      staleReview.resolve({ status: 200, body: { ...review, busy: 'drafts/ravi-editor-example-com' } });
      await staleReview.promise;
    });
    const fresh = later<Answer>();
    answers['GET review'] = () => fresh.promise;
    await act(async () => {
      published.resolve({ status: 200, body: { published: 'published/3' } });
      await published.promise;
    });
    expect(screen.queryByText(/Another publish is under way/)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Publishing Ravi Editor');
    await act(async () => {
      fresh.resolve({ status: 200, body: { ...review, drafts: [] } });
      await fresh.promise;
    });
    expect(await screen.findByText("Published Ravi Editor's draft as published/3: the live site shows it now.")).toBeVisible();
    expect(screen.queryByText(/Another publish is under way/)).toBeNull();
  });

  it('shows a publish a restart dropped, publishes the draft again as reviewed, or dismisses the note', async () => {
    answers['GET review'] = () => ({
      status: 200,
      body: { ...review, dropped: { what: "Ravi Editor's draft", draft: 'ravi-editor-example-com', restores: null, by: 'Meera Publisher', at: '2026-11-25T11:00:00.000Z' } },
    });
    render(<PublishPanel />);
    const section = (await screen.findByRole('heading', { name: 'A publish was stopped' })).closest('section')!;
    expect(section).toHaveTextContent("Ravi Editor's draft, started by Meera Publisher");
    expect(section).toHaveTextContent('nothing of it is live');
    answers['POST publish'] = () => ({ status: 200, body: { published: 'published/3' } });
    await userEvent.click(within(section).getByRole('button', { name: "Publish Ravi Editor's draft again" }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: "Publish Ravi Editor's draft?" })).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText("Published Ravi Editor's draft as published/3: the live site shows it now.")).toBeVisible();
    expect(asked).toContainEqual({ method: 'POST', endpoint: 'publish', body: { ...reviewedCommit, decisions: [] } });

    answers['POST dismiss'] = () => ({ status: 200, body: {} });
    await userEvent.click(within(screen.getByRole('heading', { name: 'A publish was stopped' }).closest('section')!).getByRole('button', { name: 'Dismiss' }));
    expect(asked).toContainEqual({ method: 'POST', endpoint: 'dismiss', body: {} });
  });

  it('shows a new page whole, side by side (every text, each link with its address, a map with the site it loads from, its settings), a changed link by its words and both addresses, and a new site the pages load from before anything else', async () => {
    const none = { paragraphs: 0, photos: 0, addresses: 0 };
    answers['GET review'] = () => ({
      status: 200,
      body: {
        ...review,
        drafts: [
          {
            ...review.drafts[0]!,
            conflicts: [],
            origins: [{ origin: 'https://maps.example.com', by: ['Visit us'] }],
            files: [
              {
                file: 'pages/visit.yaml',
                change: 'added',
                page: true,
                live: null,
                published: 'sections: []\n',
                shown: {
                  name: 'Visit us',
                  route: '/visit',
                  kind: 'page',
                  before: null,
                  after: ['Visit us', ...Array.from({ length: 8 }, (_, index) => `Paragraph ${index + 1}.`), 'Search title: Visit CESA', 'Other addresses that lead here: /visit-us'],
                  unchanged: { head: 0, tail: 0 },
                  photos: [],
                  addresses: [
                    { kind: 'embed', label: 'Map of the office', before: null, after: 'https://maps.example.com/embed?office', times: 1 },
                    { kind: 'link', label: 'Enquire now', before: null, after: 'https://forms.other.example/enquire', times: 1 },
                  ],
                  leftOut: none,
                  what: ['new page'],
                },
              },
              {
                file: 'pages/staad.yaml',
                change: 'changed',
                page: true,
                live: 'a: 1\n',
                published: 'a: 2\n',
                shown: {
                  name: 'STAAD Pro',
                  route: '/staad',
                  kind: 'page',
                  before: [],
                  after: [],
                  unchanged: { head: 12, tail: 0 },
                  photos: [],
                  addresses: [{ kind: 'link', label: 'Enroll now', before: '/contact', after: 'https://elsewhere.example/pay', times: 3 }],
                  leftOut: { paragraphs: 0, photos: 0, addresses: 4 },
                  what: ['link'],
                },
              },
            ],
          },
        ],
      },
    });
    render(<PublishPanel />);
    const draft = (await screen.findByRole('heading', { name: "Ravi Editor's draft" })).closest('li')!;
    expect(within(draft).getByRole('note')).toHaveTextContent('This publish lets the site load content from maps.example.com (on Visit us)');
    const page = within(draft).getByRole('heading', { name: /^Visit us\s+\/visit$/ }).closest('li')!;
    const text = within(page).getByRole('group', { name: 'The text live now and after publishing' });
    // All of it, not the first six paragraphs: the last paragraph and the settings too.
    expect(text).toHaveTextContent('Paragraph 8.');
    expect(text).toHaveTextContent('Search title: Visit CESA');
    expect(text).toHaveTextContent('Other addresses that lead here: /visit-us');
    const addresses = within(page).getByRole('list', { name: 'Links, content from other sites and files' });
    expect(addresses).toHaveTextContent('Shown from another site “Map of the office”: new, loads from maps.example.com https://maps.example.com/embed?office');
    expect(addresses).toHaveTextContent('Link “Enquire now”: new, https://forms.other.example/enquire');
    const staad = within(draft).getByRole('heading', { name: /^STAAD Pro\s+\/staad$/ }).closest('li')!;
    expect(staad).toHaveTextContent('Changed: link.');
    expect(within(staad).getByRole('list', { name: 'Links, content from other sites and files' })).toHaveTextContent('Link “Enroll now” (in 3 places): /contact → https://elsewhere.example/pay');
    expect(staad).toHaveTextContent('And 4 more links like these change, too many to show here');
    await userEvent.click(within(draft).getByRole('button', { name: "Publish Ravi Editor's draft" }));
    expect(within(await screen.findByRole('alertdialog', { name: "Publish Ravi Editor's draft?" })).getByRole('note')).toHaveTextContent('load content from maps.example.com');
  });

  it('shows a draft that can never be published as it is with why, and no Publish', async () => {
    answers['GET review'] = () => ({
      status: 200,
      body: { ...review, drafts: [{ ...review.drafts[0]!, files: [], conflicts: [], problem: { error: 'pages/x.yaml is a link to another file: the editor never makes links, so nothing with it is published.', hint: 'A developer must replace it.' } }] },
    });
    render(<PublishPanel />);
    const draft = (await screen.findByRole('heading', { name: "Ravi Editor's draft" })).closest('li')!;
    expect(within(draft).getByRole('alert')).toHaveTextContent('pages/x.yaml is a link to another file');
    expect(within(draft).queryByRole('button')).toBeNull();
  });
});

describe('the editor’s "Ready for review"', () => {
  it('says that saving after marking the draft ready withdrew it, and marks it again', async () => {
    answers['GET mine'] = () => ({ status: 200, body: { ready: false, readyAt: null, withdrawn: true, files: ['pages/staad.yaml'] } });
    answers['POST ready'] = () => ({ status: 200, body: { ready: true, readyAt: new Date(2026, 10, 25, 14, 2).toISOString(), withdrawn: false, files: ['pages/staad.yaml'] } });
    render(<ReadyForReview />);
    expect(await screen.findByText(/You saved after marking your draft ready, so it is no longer waiting for review/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Ready for review' }));
    expect(await screen.findByText(/Waiting for review since .*14.02/)).toBeVisible();
    expect(asked).toContainEqual({ method: 'POST', endpoint: 'ready', body: { ready: true } });
  });

  it('once marked, says since when the draft waits and what happens next, and withdraws it from review', async () => {
    const at = new Date();
    at.setHours(9, 41, 0, 0);
    answers['GET mine'] = () => ({ status: 200, body: { ready: true, readyAt: at.toISOString(), withdrawn: false, files: ['pages/staad.yaml', 'pages/etabs.yaml'] } });
    answers['POST ready'] = () => ({ status: 200, body: { ready: false, readyAt: null, withdrawn: false, files: ['pages/staad.yaml', 'pages/etabs.yaml'] } });
    render(<ReadyForReview />);
    const state = (await screen.findByText(/Waiting for review since 09.41/)).closest('span')!;
    expect(state).toHaveTextContent('a publisher reads your changes and puts them live. Saving again takes your draft out of review.');
    expect(within(state).queryByRole('button', { name: 'Ready for review' })).toBeNull();
    answers['GET mine'] = answers['POST ready'];
    await userEvent.click(within(state).getByRole('button', { name: 'Withdraw from review' }));
    expect(await screen.findByRole('button', { name: 'Ready for review' })).toBeVisible();
    expect(screen.getByText(/Your draft changes 2 pages or files/)).toBeVisible();
    expect(asked).toContainEqual({ method: 'POST', endpoint: 'ready', body: { ready: false } });
  });
});
