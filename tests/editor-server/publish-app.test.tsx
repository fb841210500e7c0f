/**
 * The publisher's screen of the hosted editor, on answers shaped as the server gives them (the
 * server's side is tests/editor-server/publish.test.ts): the ready draft with its lines against the
 * live page, the same field's two values side by side in the conflict dialog, the publisher's choice
 * sent with the publish, "Publish again", and a version put back live after a question.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_API } from '../../src/editor/protocol';
import type { PublishConflict, ReviewResponse } from '../../src/editor/publish-protocol';
import { PublishPanel } from '../../src/editor/PublishPanel';

const conflict: PublishConflict = { key: 'a'.repeat(24), file: 'pages/staad.yaml', where: 'sections[0].title', live: 'STAAD by Asha', draft: 'STAAD by Ravi' };

const review: ReviewResponse = {
  drafts: [
    {
      draft: 'ravi-editor-example-com',
      name: 'Ravi Editor',
      email: 'ravi.editor@example.com',
      readyAt: '2026-11-25T10:00:00.000Z',
      files: [{ file: 'pages/staad.yaml', change: 'changed', page: true, live: 'meta:\n  title: STAAD\n', published: 'meta:\n  title: STAAD by Ravi\n' }],
      conflicts: [conflict],
    },
  ],
  versions: [
    { tag: 'published/2', at: '2026-11-25T09:00:00.000Z', what: "Asha Editor's draft", by: 'Meera Publisher', live: true },
    { tag: 'published/1', at: '2026-11-24T09:00:00.000Z', what: "Asha Editor's draft", by: 'Meera Publisher', live: false },
  ],
  busy: null,
  unfinished: null,
  refusal: null,
};

/** What the screen asked the server, in order: method, endpoint, body. */
let asked: { method: string; endpoint: string; body: unknown }[];
let answers: Record<string, () => { status: number; body: unknown }>;

beforeEach(() => {
  asked = [];
  answers = { 'GET review': () => ({ status: 200, body: review }) };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const endpoint = url.slice(`${EDITOR_API}/publish/`.length);
      const method = init.method ?? 'GET';
      asked.push({ method, endpoint, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      const answer = answers[`${method} ${endpoint}`]?.() ?? { status: 404, body: { error: 'Not here.' } };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the publisher’s screen', () => {
  it('shows the ready draft with its lines against the live page, asks for the field both changed side by side, and publishes the choice', async () => {
    render(<PublishPanel />);
    const draft = (await screen.findByRole('heading', { name: "Ravi Editor's draft" })).closest('li')!;
    expect(draft).toHaveTextContent('one field was also changed live since');
    await userEvent.click(within(draft).getByText('pages/staad.yaml (changed)'));
    const diff = within(draft).getByLabelText('Differences between the live page and the page as it would be published');
    expect(diff.textContent).toContain('−   title: STAAD\n');
    expect(diff.textContent).toContain('+   title: STAAD by Ravi\n');

    answers['POST publish'] = () => ({ status: 200, body: { conflicts: [conflict] } });
    await userEvent.click(within(draft).getByRole('button', { name: "Publish Ravi Editor's draft" }));
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
      { method: 'POST', endpoint: 'publish', body: { draft: 'ravi-editor-example-com', decisions: [] } },
      { method: 'POST', endpoint: 'publish', body: { draft: 'ravi-editor-example-com', decisions: [{ key: conflict.key, choice: 'live' }] } },
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
});
