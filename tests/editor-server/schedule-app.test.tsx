/**
 * Time on the publisher's screen, on answers shaped as the server gives them (the server's side is
 * tests/editor-server/schedule.test.ts): a date and a time in India beside "Publish" schedule the
 * draft as reviewed (its commit and digest, at the instant that date and time are in India, whatever
 * the computer's time zone); the draft then says when it is scheduled for, with Cancel; the list of
 * schedules says who set them and what became of them, a refusal with its reason; dates the Indian
 * way; and what the last update for a new date did.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_API } from '../../editor/protocol/api';
import type { ReadyDraft, ReviewResponse, ScheduledPublish } from '../../editor/protocol/publish';
import { PublishPanel } from '../../editor/app/PublishPanel';
import { ReadyForReview } from '../../editor/app/ReadyForReview';

const draft: ReadyDraft = {
  draft: 'asha-editor-example-com',
  name: 'Asha Editor',
  email: 'asha.editor@example.com',
  readyAt: '2026-12-08T04:00:00.000Z',
  commit: 'c'.repeat(40),
  digest: 'd'.repeat(64),
  problem: null,
  conflicts: [],
  origins: [],
  files: [
    {
      file: 'pages/etabs.yaml',
      change: 'changed',
      page: true,
      live: 'fee: 25000\n',
      published: 'fee: 28000\n',
      shown: { name: 'ETABS', route: '/etabs', kind: 'page', before: ['Fee ₹ 25,000'], after: ['Fee ₹ 28,000'], unchanged: { head: 0, tail: 0 }, photos: [], addresses: [], leftOut: { paragraphs: 0, photos: 0, addresses: 0 }, what: ['text'] },
    },
  ],
};

const waiting: ScheduledPublish = {
  id: 'a1b2c3d4e5f6',
  draft: draft.draft,
  name: 'Asha Editor',
  by: 'Meera Publisher',
  at: '2027-01-01T03:30:00.000Z',
  setAt: '2026-12-08T06:00:00.000Z',
  commit: draft.commit,
  status: 'waiting',
  doneAt: null,
  tag: null,
  reason: null,
  late: false,
  cancelledBy: null,
};

const refused: ScheduledPublish = {
  ...waiting,
  id: 'b1b2c3d4e5f6',
  draft: 'ravi-editor-example-com',
  name: 'Ravi Editor',
  commit: 'e'.repeat(40),
  at: '2026-12-07T12:30:00.000Z',
  status: 'refused',
  doneAt: '2026-12-07T12:30:01.000Z',
  reason: { error: 'The draft changed since you reviewed it, so nothing was published.', hint: 'Review it again.' },
};

const late: ScheduledPublish = { ...waiting, id: 'c1b2c3d4e5f6', status: 'published', at: '2026-12-06T03:30:00.000Z', doneAt: '2026-12-06T05:00:00.000Z', tag: 'published/3', late: true };

const review: ReviewResponse = {
  drafts: [draft],
  versions: [],
  busy: null,
  unfinished: null,
  dropped: null,
  refusal: null,
  schedules: [],
  dateUpdate: { at: '2026-12-07T18:30:01.000Z', today: '2026-12-08', pages: ['/batches', '/etabs'], deployed: true, reason: null },
  // 11:30 IST on Tue 8 Dec 2026.
  now: '2026-12-08T06:00:00.000Z',
};

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

describe('publishing later, on the publisher’s screen', () => {
  it('schedules the draft as reviewed for a date and a time in India, and then shows it scheduled, with Cancel', async () => {
    render(<PublishPanel />);
    const item = (await screen.findByRole('heading', { name: "Asha Editor's draft" })).closest('li')!;
    const form = within(item).getByRole('group', { name: 'Or publish it later (Indian time, IST)' });
    expect(form).toHaveTextContent('It is Tue 8 Dec 2026, 11:30 IST now.');
    await userEvent.type(within(form).getByLabelText('Date'), '2027-01-01');
    await userEvent.clear(within(form).getByLabelText('Time'));
    await userEvent.type(within(form).getByLabelText('Time'), '09:00');
    expect(form).toHaveTextContent('Publish on Fri 1 Jan 2027, 09:00 IST.');
    answers['POST schedule'] = () => ({ status: 200, body: waiting });
    answers['GET review'] = () => ({ status: 200, body: { ...review, schedules: [waiting] } });
    await userEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    // 09:00 in India is 03:30 UTC, whatever the computer's time zone.
    expect(asked.find((request) => request.endpoint === 'schedule')?.body).toEqual({ draft: draft.draft, commit: draft.commit, digest: draft.digest, at: '2027-01-01T03:30:00.000Z' });
    expect(await screen.findByText("Asha Editor's draft is scheduled for Fri 1 Jan 2027, 09:00 IST: it goes live then, exactly as reviewed.")).toBeVisible();
    const again = (await screen.findByRole('heading', { name: "Asha Editor's draft" })).closest('li')!;
    expect(again).toHaveTextContent('Scheduled for Fri 1 Jan 2027, 09:00 IST, by Meera Publisher.');
    expect(within(again).queryByRole('group', { name: 'Or publish it later (Indian time, IST)' })).toBeNull();

    answers['POST unschedule'] = () => ({ status: 200, body: {} });
    answers['GET review'] = () => ({ status: 200, body: review });
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel the schedule' }));
    expect(asked.find((request) => request.endpoint === 'unschedule')?.body).toEqual({ id: waiting.id });
    expect(await screen.findByText("The schedule of Asha Editor's draft for Fri 1 Jan 2027, 09:00 IST is cancelled: nothing of it goes live.")).toBeVisible();
  });

  it('refuses, before asking the server, a time that has passed on the server’s clock', async () => {
    render(<PublishPanel />);
    const item = (await screen.findByRole('heading', { name: "Asha Editor's draft" })).closest('li')!;
    const form = within(item).getByRole('group', { name: 'Or publish it later (Indian time, IST)' });
    await userEvent.type(within(form).getByLabelText('Date'), '2026-12-08');
    await userEvent.clear(within(form).getByLabelText('Time'));
    await userEvent.type(within(form).getByLabelText('Time'), '11:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('That time has passed: it is Tue 8 Dec 2026, 11:30 IST now.');
    expect(asked.filter((request) => request.endpoint === 'schedule')).toEqual([]);
  });

  it('lists the schedules with who set them and what became of them: waiting with Cancel, published late, refused with why', async () => {
    answers['GET review'] = () => ({ status: 200, body: { ...review, schedules: [waiting, refused, late] } });
    render(<PublishPanel />);
    const list = (await screen.findByRole('heading', { name: 'Scheduled publishes' })).closest('section')!;
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent("Asha Editor's draft, to be published on Fri 1 Jan 2027, 09:00 IST, set by Meera Publisher on Tue 8 Dec 2026, 11:30 IST.");
    expect(within(first!).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(second).toHaveTextContent('Not published (Mon 7 Dec 2026, 18:00 IST): The draft changed since you reviewed it, so nothing was published. Review it again.');
    expect(third).toHaveTextContent("Published on Sun 6 Dec 2026, 10:30 IST as published/3. It ran late: the editor's server was stopped at its time");
  });

  it('says what the last update for a new date did', async () => {
    render(<PublishPanel />);
    expect(await screen.findByText('Updated at 00:00: 2 pages changed with the date (Tue 8 Dec 2026): /batches, /etabs.')).toBeVisible();
  });

  it('tells the editor when their draft is scheduled to go live', async () => {
    answers['GET mine'] = () => ({ status: 200, body: { ready: true, readyAt: '2026-12-08T04:00:00.000Z', withdrawn: false, files: ['pages/etabs.yaml'], scheduledFor: waiting.at } });
    render(<ReadyForReview />);
    expect(await screen.findByText('Scheduled for Fri 1 Jan 2027, 09:00 IST')).toBeVisible();
    expect(screen.getByText(/a publisher set your draft, as it is now, to go live then/)).toBeVisible();
  });

  it('says when the update for a new date found nothing changed', async () => {
    answers['GET review'] = () => ({ status: 200, body: { ...review, dateUpdate: { ...review.dateUpdate!, pages: [], deployed: false } } });
    render(<PublishPanel />);
    expect(await screen.findByText('Checked at 00:00: nothing changed with the date (Tue 8 Dec 2026).')).toBeVisible();
  });
});
