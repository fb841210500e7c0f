/**
 * The visual editor's app (editor/app/) in jsdom against a small fake of the dev server's API: the
 * page list (search, new page, delete), and the page editor's save (the warning for a page with
 * errors, the conflict with a file changed on disk, the comparison), leaving with unsaved changes,
 * a change on disk, and the live preview's messages. The generated form is another part's: a
 * one-field stand-in edits meta.title here.
 */
// @tier slow: drives the whole editor app in jsdom, previews included
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import type { ContentError } from '../../src/content/errors';
import { EditorApp } from '../../editor/app/EditorApp';
import { titleOf } from '../../editor/app/json';
import { SaveWarningDialog } from '../../editor/app/SaveWarningDialog';
import type { PreviewData } from '../../editor/protocol/preview';
import type { Json, PageListEntry, PageResponse } from '../../editor/protocol/api';
import { VALIDATE_DELAY_MS } from '../../editor/app/use-validation';

vi.mock('../../editor/app/form', async () => {
  const { titleOf } = await import('../../editor/app/json');
  const { fieldId } = await import('../../editor/app/form/contract');
  type Props = import('../../editor/app/form/contract').PageFormProps;
  type JsonObject = { [key: string]: Json };
  const withTitle = (value: Json, title: string): Json => {
    const page = value as JsonObject;
    return { ...page, meta: { ...(page.meta as JsonObject), title } };
  };
  return {
    PageForm({ value, onChange }: Props) {
      return (
        <div>
          <label htmlFor={fieldId('meta.title')}>Title</label>
          <input id={fieldId('meta.title')} value={titleOf(value) ?? ''} onChange={(event) => onChange(withTitle(value, event.target.value))} />
        </div>
      );
    },
  };
});

interface FakePage {
  route: string;
  data: Json;
  version: number;
}

interface Request {
  method: string;
  path: string;
  body: unknown;
}

/** The dev server's editor API, in memory: pages by file, every request recorded. */
class FakeServer {
  pages = new Map<string, FakePage>();
  requests: Request[] = [];
  links: Record<string, string[]> = {};
  /** What the server would list as dated to look at, by file (warnings: never a reason to refuse). */
  warnings: Record<string, ContentError[]> = {};

  constructor() {
    this.add('pages/index.yaml', '/', 'Home');
    this.add('pages/etabs.yaml', '/etabs', 'Études ETABS');
    this.add('pages/faculty.yaml', '/faculty', 'Our Faculty');
    this.add('pages/staad.yaml', '/staad', 'STAAD Pro');
    this.links['/faculty'] = ['pages/index.yaml', 'pages/about.yaml'];
  }

  add(file: string, route: string, title: string): void {
    this.pages.set(file, { route, version: 1, data: { meta: { title, description: 'A page.' }, sections: [{ type: 'hero', title }] } });
  }

  /** Another program writes the file: its version moves on. */
  changeOnDisk(file: string, title: string): void {
    const page = this.pages.get(file)!;
    const data = page.data as { meta: Record<string, Json> };
    page.data = { ...data, meta: { ...data.meta, title } };
    page.version += 1;
  }

  /** The validator, reduced to one rule: a page needs a title. */
  errorsOf(file: string, data: Json): ContentError[] {
    const title = (data as { meta: { title?: string } }).meta.title;
    if (title) return [];
    return [
      {
        code: 'missing-field',
        message: 'meta.title is missing',
        hint: 'Give the page a title: the browser tab and search results show it.',
        file,
        line: 2,
        column: 3,
        path: 'meta.title',
      },
    ];
  }

  /** What an edit breaks in other files, reduced to one rule: a title saying "no Structure" empties that menu group. */
  elsewhereOf(data: Json): ContentError[] {
    if (!titleOf(data)?.includes('no Structure')) return [];
    const course = (file: string, line: number): ContentError => ({
      code: 'invalid-value',
      message: 'the menu has no group "structure"',
      hint: 'Groups: drafting.',
      file,
      line,
      column: 7,
      path: 'meta.course.menu.group',
    });
    return [course('pages/etabs.yaml', 9), course('pages/staad.yaml', 11)];
  }

  pageResponse(file: string): PageResponse {
    const page = this.pages.get(file)!;
    return { file, route: page.route, text: stringify(page.data), version: `v${page.version}`, data: page.data, errors: this.errorsOf(file, page.data), warnings: this.warnings[file] ?? [] };
  }

  requestsTo(path: string): Request[] {
    return this.requests.filter((request) => request.path === path);
  }

  fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => Promise.resolve(this.answer(input, init));

  answer(input: RequestInfo | URL, init: RequestInit): Response {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://127.0.0.1:5173');
    const path = url.pathname.replace('/_editor/api/', '');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    this.requests.push({ method, path, body });
    const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    const file = url.searchParams.get('file');

    switch (path) {
      case 'schema':
        return json(200, {
          page: { type: 'object' },
          sections: [],
          templates: [
            { name: 'basic', description: 'A plain page: a hero and some text.', course: false },
            { name: 'course', description: 'A course page with modules and fees.', course: true },
          ],
        });
      case 'content':
        return json(200, { routes: [], images: [], files: [], site: null, menu: [], imageSizes: {}, today: '2027-01-11' });
      case 'pages':
        return json(
          200,
          [...this.pages].map(([name, page]): PageListEntry => ({
            file: name,
            route: page.route,
            title: (page.data as { meta: { title: string } }).meta.title,
            errors: this.errorsOf(name, page.data).length,
            warnings: this.warnings[name]?.length ?? 0,
          })),
        );
      case 'page':
        return this.pages.has(file!) ? json(200, this.pageResponse(file!)) : json(404, { error: `${file} does not exist.` });
      case 'links':
        return json(200, { files: this.links[url.searchParams.get('route')!] ?? [] });
      case 'validate': {
        const request = body as { file: string; data: Json };
        const errors = this.errorsOf(request.file, request.data);
        // The site settings' check also answers with the header menu the draft makes.
        const menu = request.file === 'pages/_site.yaml' && errors.length === 0 ? { menu: [{ label: titleOf(request.data), items: [] }] } : {};
        return json(200, { text: stringify(request.data), errors, elsewhere: errors.length === 0 ? this.elsewhereOf(request.data) : [], warnings: this.warnings[request.file] ?? [], ...menu });
      }
      case 'save': {
        const request = body as { file: string; data: Json; version: string; overwrite?: boolean };
        const page = this.pages.get(request.file);
        if (!page) {
          if (!request.overwrite) return json(404, { error: `${request.file} does not exist any more.` });
          this.pages.set(request.file, { route: '/etabs', data: request.data, version: 1 });
          return json(200, { text: stringify(request.data), version: 'v1', errors: [] });
        }
        if (`v${page.version}` !== request.version && !request.overwrite) {
          return json(409, { conflict: true, text: stringify(page.data), version: `v${page.version}`, data: page.data, mine: stringify(request.data) });
        }
        const elsewhere = this.elsewhereOf(request.data);
        page.data = request.data;
        page.version += 1;
        return json(200, { text: stringify(page.data), version: `v${page.version}`, errors: this.errorsOf(request.file, page.data), elsewhere });
      }
      case 'create': {
        const request = body as { name: string; route: string; from: { template: string } | { copy: string } };
        if (!request.name.trim()) return json(400, { error: 'The new page needs a name first.', hint: 'Type what the page is called.' });
        const newFile = `pages${request.route}.yaml`;
        if (this.pages.has(newFile)) {
          return json(409, { error: `The address ${request.route} is already taken.`, hint: 'Choose another address, or open that page instead.' });
        }
        this.add(newFile, request.route, 'New Page | CESA');
        return json(201, { file: newFile, route: request.route });
      }
      case 'delete': {
        const request = body as { file: string; version: string };
        this.pages.delete(request.file);
        return json(200, {});
      }
      default:
        return json(404, { error: `No such endpoint: ${path}` });
    }
  }
}

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  window.history.replaceState(null, '', '/_editor');
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openList() {
  const user = userEvent.setup();
  render(<EditorApp />);
  await screen.findByRole('link', { name: 'Études ETABS' });
  return user;
}

async function openEditor(file = 'pages/etabs.yaml') {
  window.history.replaceState(null, '', `/_editor?file=${file}`);
  const user = userEvent.setup();
  render(<EditorApp />);
  await screen.findByLabelText('Title');
  return user;
}

/** The editor's status in its top bar ("Saved", "Unsaved changes", "Saving…"). */
function findStatus(text: string) {
  return within(screen.getByRole('banner')).findByText(text);
}

function pageRows(): string[] {
  const table = within(screen.getByRole('navigation', { name: 'Pages' })).queryByRole('table');
  if (!table) return [];
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
}

describe('the page list', () => {
  it('lists every page with its route and errors, and the search filters by title or route as you type', async () => {
    server.changeOnDisk('pages/staad.yaml', '');
    const user = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Pages' })).toBeInTheDocument();
    expect(pageRows()).toEqual(['/', '/etabs', '/faculty', '/staad']);
    const staad = screen.getAllByRole('row').find((row) => row.textContent.includes('/staad'))!;
    expect(within(staad).getByText('1 error')).toBeInTheDocument();

    const search = screen.getByLabelText('Search pages');
    // Without accents and in another case: "Études ETABS".
    await user.type(search, 'etudes');
    expect(pageRows()).toEqual(['/etabs']);
    await user.clear(search);
    await user.type(search, '/FAC');
    expect(pageRows()).toEqual(['/faculty']);
    expect(screen.getByText('1 of 4 pages match “/FAC”')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'tekla');
    expect(pageRows()).toEqual([]);
    expect(screen.getByText(/No page matches/)).toBeInTheDocument();
  });

  it('asks for the name first and makes nothing without it; suggests the address from the name; asks a course for its duration', async () => {
    const user = await openList();
    await user.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    expect(within(dialog).getByText('Type the new page’s name first, e.g. Tekla Structures.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(server.requestsTo('create')).toEqual([]);

    await user.type(name, 'Tekla Structures (Advance)');
    expect(name).not.toHaveAttribute('aria-invalid');
    const route = within(dialog).getByLabelText('Address');
    expect(route).toHaveValue('/tekla-structures-advance');
    // A plain page has no duration to ask for; a course has.
    expect(within(dialog).queryByLabelText('Duration')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'course');
    await user.type(within(dialog).getByLabelText('Duration'), '60 hours');
    // An address typed in itself is kept when the name changes.
    await user.clear(route);
    await user.type(route, '/tekla');
    await user.type(name, '!');
    expect(route).toHaveValue('/tekla');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    await screen.findByLabelText('Title');
    expect(server.requestsTo('create').at(-1)?.body).toEqual({ name: 'Tekla Structures (Advance)!', duration: '60 hours', route: '/tekla', from: { template: 'course' } });
  });

  it('creates a page from the chosen template and opens it; a refused route is explained in the dialog', async () => {
    const user = await openList();
    await user.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Name'), 'Tekla Structures');
    const route = within(dialog).getByLabelText('Address');
    expect(within(dialog).getByText(/letters, digits and dashes/)).toBeInTheDocument();

    // Taken: the server's words, and the dialog stays.
    await user.clear(route);
    await user.type(route, '/etabs');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    expect(await within(dialog).findByText('The address /etabs is already taken.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose another address, or open that page instead.')).toBeInTheDocument();
    expect(route).toHaveAttribute('aria-invalid', 'true');
    // The focus goes back where the fix is typed (it fell to <body> with the button disabled while busy).
    expect(route).toHaveFocus();
    expect(route).toHaveAccessibleDescription(/The address \/etabs is already taken\./);

    await user.clear(route);
    await user.type(route, 'tekla-structures');
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'course');
    expect(within(dialog).getByText('A course page with modules and fees.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New Page' })).toBeInTheDocument();
    expect(server.requestsTo('create').at(-1)?.body).toEqual({ name: 'Tekla Structures', route: '/tekla-structures', from: { template: 'course' } });
    expect(window.location.search).toBe('?file=pages/tekla-structures.yaml');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('creates a page as a copy of another', async () => {
    const user = await openList();
    await user.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = screen.getByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Name'), 'ETABS Advanced');
    expect(within(dialog).getByLabelText('Address')).toHaveValue('/etabs-advanced');
    await user.click(within(dialog).getByRole('radio', { name: 'A copy of a page' }));
    await user.selectOptions(within(dialog).getByLabelText('Page to copy'), 'Études ETABS (/etabs)');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    await screen.findByLabelText('Title');
    expect(server.requestsTo('create').at(-1)?.body).toEqual({ name: 'ETABS Advanced', route: '/etabs-advanced', from: { copy: 'pages/etabs.yaml' } });
  });

  it('deletes a page only after the button that names it, having listed the pages that link to it', async () => {
    const user = await openList();
    const row = screen.getAllByRole('row').find((candidate) => candidate.textContent.includes('/faculty'))!;
    const opener = within(row).getByRole('button', { name: 'Delete /faculty' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete /faculty?' });
    expect(within(dialog).getByText(/Our Faculty/)).toBeInTheDocument();
    expect(await within(dialog).findByText('pages/index.yaml')).toBeInTheDocument();
    expect(within(dialog).getByText('pages/about.yaml')).toBeInTheDocument();

    // Escape (or Cancel) deletes nothing, and focus returns to the button that opened the dialog.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(server.requestsTo('delete')).toEqual([]);

    await user.click(opener);
    const again = screen.getByRole('alertdialog', { name: 'Delete /faculty?' });
    await user.click(await within(again).findByRole('button', { name: 'Delete /faculty' }));
    await waitFor(() => expect(pageRows()).toEqual(['/', '/etabs', '/staad']));
    expect(server.requestsTo('delete')).toEqual([{ method: 'POST', path: 'delete', body: { file: 'pages/faculty.yaml', version: 'v1' } }]);
    expect(within(screen.getByRole('main')).getByText('Deleted /faculty (pages/faculty.yaml).')).toBeInTheDocument();
  });
});

describe('what a date has made stale', () => {
  const warning: ContentError = {
    code: 'date-check',
    message: 'the dates of GATE 2027 were to be checked again by 31 August 2026, which is past',
    hint: 'Compare them with the official site, correct what changed, then move "valid until" and "last checked" on.',
    file: 'pages/etabs.yaml',
    line: 12,
    column: 9,
    path: 'sections[0].title',
  };

  it('the page list says how many things a page has to look at, beside its errors', async () => {
    server.warnings['pages/etabs.yaml'] = [warning, { ...warning, message: 'nobody has recorded checking the dates of GATE 2027 against the official site' }];
    await openList();
    const etabs = screen.getAllByRole('row').find((row) => row.textContent.includes('/etabs'))!;
    expect(within(etabs).getByText('No errors')).toBeInTheDocument();
    expect(within(etabs).getByText('2 things to look at')).toBeInTheDocument();
    const faculty = screen.getAllByRole('row').find((row) => row.textContent.includes('/faculty'))!;
    expect(within(faculty).queryByText(/to look at/)).not.toBeInTheDocument();
  });

  it('the page editor lists them under the errors in plain words, each a link to its field, and saves without asking', async () => {
    server.warnings['pages/etabs.yaml'] = [warning];
    const user = await openEditor();
    expect(screen.getByRole('heading', { name: 'No errors' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 thing to look at' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /were to be checked again by 31 August 2026, which is past\. Compare them with the official site/ });
    expect(link).toHaveAttribute('href', expect.stringContaining('#'));
    await user.type(screen.getByLabelText('Title'), '!');
    await user.keyboard('{Control>}s{/Control}');
    expect(await findStatus('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('the page editor', () => {
  it('shows a file the form cannot hold as its text, with why in words and no way to save over it', async () => {
    const text = 'meta: &m\n  title: A\nsections:\n  - type: prose\n    body: *m\n';
    server.pageResponse = (file) => ({
      file,
      route: '/etabs',
      text,
      version: 'v1',
      data: null,
      errors: [{ code: 'yaml-alias', message: '"*m" repeats another part of the file (a YAML alias)', hint: 'Write the text out in full.', file, line: 5, column: 11, path: 'sections[0].body' }],
    });
    window.history.replaceState(null, '', '/_editor?file=pages/etabs.yaml');
    render(<EditorApp />);
    expect(await screen.findByText(/The form cannot show this file: it uses YAML anchors, aliases/)).toBeInTheDocument();
    expect(screen.getByLabelText('The text of pages/etabs.yaml')).toHaveTextContent('body: *m');
    // Located in the file's text, not linked to fields the editor does not show.
    expect(screen.getByText(/repeats another part of the file/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /repeats another part of the file/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Each says the line and column of the file where it is\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('shows the page with its route, a link to it, and the preview', async () => {
    await openEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Études ETABS' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'View page (opens in a new tab)' })).toHaveAttribute('href', '/etabs');
    expect(screen.getByTitle('Preview of /etabs')).toHaveAttribute('src', '/_editor/preview');
    expect(await findStatus('Saved')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No errors' })).toBeInTheDocument();
  });

  it('names its landmarks apart from those of the site in the preview, and axe finds nothing, moderate issues included', { timeout: 30_000 }, async () => {
    await openEditor();
    const results = await axe.run(document.body, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id} (${violation.impact ?? ''})`)).toEqual([]);
    // The preview's frame shows the site: an unnamed banner and main. axe compares landmarks across
    // frames; jsdom loads no frame, so the site's landmarks stand beside the editor's here.
    const site = document.createElement('div');
    site.innerHTML = '<header>CESA</header><main>The page</main>';
    document.body.append(site);
    try {
      const landmarks = await axe.run(document.body, { iframes: false, runOnly: ['landmark-unique'] });
      expect(landmarks.violations.map((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
    } finally {
      site.remove();
    }
    expect(screen.getByRole('banner', { name: 'CESA editor' })).toBeInTheDocument();
  });

  it('sends the page to the preview once it is ready, and each change at once', async () => {
    const user = await openEditor();
    const frame = screen.getByTitle<HTMLIFrameElement>('Preview of /etabs');
    const preview = frame.contentWindow!;
    const post = vi.spyOn(preview, 'postMessage').mockImplementation(() => {});
    /** The last message to the preview: its id, and the title in the data it carried. */
    const lastSent = () => {
      const [message, origin] = post.mock.lastCall as [PreviewData, string];
      return { id: message.id, route: message.route, title: titleOf(message.data), origin };
    };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'cesa-preview-ready' }, origin: window.location.origin, source: preview }));
    });
    expect(lastSent()).toEqual({ id: 1, route: '/etabs', title: 'Études ETABS', origin: window.location.origin });
    await user.type(screen.getByLabelText('Title'), '!');
    // No debounce: the keystroke's data is sent before any check of it.
    expect(lastSent()).toEqual({ id: 2, route: '/etabs', title: 'Études ETABS!', origin: window.location.origin });
    expect(server.requestsTo('validate')).toEqual([]);
  });

  it('checks each change, shows the errors linked to their field, and warns before saving a page with errors', async () => {
    const user = await openEditor();
    await user.clear(screen.getByLabelText('Title'));
    expect(await findStatus('Unsaved changes')).toBeInTheDocument();

    const link = await screen.findByRole('link', {
      name: 'pages/etabs.yaml:2:3 [missing-field] meta.title is missing — Give the page a title: the browser tab and search results show it.',
    });
    expect(link).toHaveAttribute('href', '#field-meta-title');
    await user.click(link);
    expect(screen.getByLabelText('Title')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Save a page with errors?' });
    expect(warning).toHaveTextContent('This page has 1 error. npm run check and the build refuse it until they are fixed. Save anyway?');
    await user.click(within(warning).getByRole('button', { name: 'Keep editing' }));
    expect(server.requestsTo('save')).toEqual([]);
    expect(await findStatus('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await findStatus('Saved');
    expect(server.requestsTo('save')).toHaveLength(1);
    // Saved as it is: nothing was "fixed".
    expect(server.pages.get('pages/etabs.yaml')!.data).toMatchObject({ meta: { title: '' } });
  });

  it('lists what a change would break in other files under its own heading, as plain lines, and counts them in the save warning', async () => {
    const user = await openEditor('pages/index.yaml');
    await user.type(screen.getByLabelText('Title'), ', no Structure');
    const heading = await screen.findByRole('heading', { name: 'This change would break other files (2)' });
    const list = heading.parentElement!.querySelector('.ed-summary__list--elsewhere')!;
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'pages/etabs.yaml:9:7  meta.course.menu.group  [invalid-value] the menu has no group "structure" — Groups: drafting.',
      'pages/staad.yaml:11:7  meta.course.menu.group  [invalid-value] the menu has no group "structure" — Groups: drafting.',
    ]);
    // Their fields are not in this form: no links.
    expect(within(list as HTMLElement).queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('heading', { level: 2, name: 'No errors' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Save a change that breaks other files?' });
    expect(warning).toHaveTextContent('This change makes 2 errors in other files (listed above the form). npm run check and the build refuse the site until they are fixed. Save anyway?');
    await user.click(within(warning).getByRole('button', { name: 'Save anyway' }));
    await findStatus('Saved');
    expect(await screen.findByRole('heading', { name: 'This save broke other files (2)' })).toBeInTheDocument();

    // With mistakes of its own the page is not checked across files: only those are shown.
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: 'Save a page with errors?' })).toHaveTextContent('This page has 1 error. npm run check');
    expect(screen.queryByRole('heading', { name: /other files/ })).not.toBeInTheDocument();
  });

  it('the save warning counts both kinds when the checks across files find errors in the page and in other files', () => {
    render(<SaveWarningDialog count={1} elsewhere={2} onSaveAnyway={() => undefined} onKeepEditing={() => undefined} />);
    expect(screen.getByRole('alertdialog', { name: 'Save a page with errors?' })).toHaveTextContent(
      'This page has 1 error, and this change makes 2 errors in other files. npm run check and the build refuse the site until they are fixed. Save anyway?',
    );
  });

  it('checks the page once the typing rests, and only its newest data', async () => {
    await openEditor();
    // The clock is the test's from here (fake timers): each wait below is exact, and "nothing more is
    // sent" is checked once every timer that could send it has run, not after a guessed sleep.
    // Keystrokes are change events, half the delay apart (user-event and Testing Library's async
    // helpers wait on real timers).
    vi.useFakeTimers();
    const title = screen.getByLabelText('Title');
    for (const typed of [' ', ' V', ' V-', ' V-2', ' V-22']) {
      fireEvent.change(title, { target: { value: `Études ETABS${typed}` } });
      await act(() => vi.advanceTimersByTimeAsync(VALIDATE_DELAY_MS / 2));
    }
    await act(() => vi.advanceTimersByTimeAsync(VALIDATE_DELAY_MS / 2 - 1));
    expect(server.requestsTo('validate')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.requestsTo('validate')).toHaveLength(1);
    expect(server.requestsTo('validate')[0]!.body).toMatchObject({ file: 'pages/etabs.yaml', data: { meta: { title: 'Études ETABS V-22' } } });
    await act(() => vi.runOnlyPendingTimersAsync());
    await act(() => vi.advanceTimersByTimeAsync(10 * VALIDATE_DELAY_MS));
    expect(server.requestsTo('validate')).toHaveLength(1);
  });

  it('saves a valid page with Ctrl+S without asking', async () => {
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), ' course');
    await user.keyboard('{Control>}s{/Control}');
    await findStatus('Saved');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requestsTo('save').at(-1)?.body).toMatchObject({ file: 'pages/etabs.yaml', version: 'v1', data: { meta: { title: 'Études ETABS course' } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Études ETABS course' })).toBeInTheDocument();
  });

  it('never overwrites a file changed on disk silently: the conflict dialog compares and overwrites on request', async () => {
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), ' (mine)');
    server.changeOnDisk('pages/etabs.yaml', 'ETABS (theirs)');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'pages/etabs.yaml changed on disk since you opened it' });
    expect(within(dialog).getByRole('button', { name: 'Reload from disk (lose my changes)' })).toBeInTheDocument();
    expect(server.pages.get('pages/etabs.yaml')!.data).toMatchObject({ meta: { title: 'ETABS (theirs)' } });

    await user.click(within(dialog).getByRole('button', { name: 'Compare' }));
    const diff = within(dialog).getByLabelText('Differences between the file on disk and your version');
    const lines = diff.textContent.split('\n');
    expect(lines).toContain('−   title: ETABS (theirs)');
    expect(lines).toContain('+   title: Études ETABS (mine)');
    expect(lines).toContain('  sections:');

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await findStatus('Saved');
    expect(server.requestsTo('save').at(-1)?.body).toMatchObject({ version: 'v1', overwrite: true });
    expect(server.pages.get('pages/etabs.yaml')!.data).toMatchObject({ meta: { title: 'Études ETABS (mine)' } });
  });

  it('reloads from disk when asked, dropping the edits', async () => {
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), ' (mine)');
    server.changeOnDisk('pages/etabs.yaml', 'ETABS (theirs)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload from disk (lose my changes)' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('ETABS (theirs)'));
    expect(await findStatus('Saved')).toBeInTheDocument();
    expect(server.requestsTo('save')).toHaveLength(1);
  });

  it('says so when the file is deleted on disk while open, keeps the edits, and writes them back when asked', async () => {
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), '!');
    server.pages.delete('pages/etabs.yaml');
    act(() => void window.dispatchEvent(new Event('focus')));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('pages/etabs.yaml was deleted on disk');
    expect(screen.getByLabelText('Title')).toHaveValue('Études ETABS!');
    await user.click(within(banner).getByRole('button', { name: 'Save it again as pages/etabs.yaml' }));
    expect(await findStatus('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The button went with the notice: the page's heading has the focus, not <body>.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Études ETABS!' })).toHaveFocus());
    expect(titleOf(server.pages.get('pages/etabs.yaml')!.data)).toBe('Études ETABS!');
  });

  it('says so when the dev server stops answering, and stops saying so once it answers again', async () => {
    await openEditor();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('alert')).toHaveTextContent('The dev server does not answer.');
    vi.stubGlobal('fetch', server.fetch);
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a change on disk noticed while a question about the file is under way is asked about again at once', async () => {
    await openEditor();
    // The next question about the file is held (a slow answer), and answers as the file was before.
    let release: () => void = () => undefined;
    const before = server.pageResponse('pages/etabs.yaml');
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (typeof input === 'string' && input.includes('/page?')) {
        vi.stubGlobal('fetch', server.fetch);
        return new Promise<Response>((resolve) => {
          release = () => resolve(new Response(JSON.stringify(before), { status: 200, headers: { 'Content-Type': 'application/json' } }));
        });
      }
      return server.fetch(input, init);
    });
    act(() => void window.dispatchEvent(new Event('focus')));
    server.changeOnDisk('pages/etabs.yaml', 'ETABS (theirs)');
    act(() => void window.dispatchEvent(new Event('focus')));
    act(() => release());
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('ETABS (theirs)'));
  });

  it('follows a change on disk at once when there are no edits, and offers reload or compare when there are', async () => {
    const user = await openEditor();
    server.changeOnDisk('pages/etabs.yaml', 'ETABS (theirs)');
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('ETABS (theirs)'));
    expect(within(screen.getByRole('main')).getByText('pages/etabs.yaml changed on disk: the editor now shows the new version.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), '!');
    server.changeOnDisk('pages/etabs.yaml', 'ETABS (again)');
    act(() => void window.dispatchEvent(new Event('focus')));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('pages/etabs.yaml changed on disk since you opened it.');
    expect(screen.getByLabelText('Title')).toHaveValue('ETABS (theirs)!');
    await user.click(within(banner).getByRole('button', { name: 'Compare' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'pages/etabs.yaml changed on disk since you opened it' });
    const lines = within(dialog).getByLabelText('Differences between the file on disk and your version').textContent.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['−   title: ETABS (again)', '+   title: ETABS (theirs)!']));
  });

  it('asks before going back to the list with unsaved changes', async () => {
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), '!');
    await user.click(screen.getByRole('link', { name: '← All pages' }));
    const question = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Études ETABS!');

    await user.click(screen.getByRole('link', { name: '← All pages' }));
    await user.click(screen.getByRole('button', { name: 'Leave and lose my changes' }));
    // The button that had the focus is gone: the new screen's heading has it, not <body>.
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages' })).toHaveFocus();
    expect(window.location.search).toBe('');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps unsaved edits across a reload of the editor', async () => {
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), ' draft');
    // The reload: the app is gone, then starts again on the same address.
    cleanup();
    render(<EditorApp />);
    expect(await screen.findByDisplayValue('Études ETABS draft')).toBeInTheDocument();
    expect(screen.getByText(/Your unsaved changes were kept/)).toBeInTheDocument();
    expect(await findStatus('Unsaved changes')).toBeInTheDocument();
  });

  it('keeps unsaved edits across a reload even when the file on disk became unreadable meanwhile, and saving shows the disk first', async () => {
    const user = await openEditor();
    await user.type(screen.getByLabelText('Title'), ' draft');
    // git leaves the file broken; the editor reloads.
    const broken = 'meta:\n\ttitle: x\n';
    server.pages.get('pages/etabs.yaml')!.version = 9;
    server.pageResponse = (file) => ({ file, route: '/etabs', text: broken, version: 'v9', data: null, errors: [] });
    cleanup();
    render(<EditorApp />);
    expect(await screen.findByDisplayValue('Études ETABS draft')).toBeInTheDocument();
    expect(screen.getByText(/Your unsaved changes were kept/)).toBeInTheDocument();
    await user.keyboard('{Control>}s{/Control}');
    const dialog = await screen.findByRole('alertdialog', { name: 'pages/etabs.yaml changed on disk since you opened it' });
    expect(dialog).toBeInTheDocument();
    expect(sessionStorage.length).toBe(1);
  });
});

describe('the site settings', () => {
  beforeEach(() => {
    // The stand-in form edits meta.title, so the fake site document has one.
    server.add('pages/_site.yaml', '/', 'CESA site');
  });

  it('opens from the page list in the same editor, named Site settings, with no Delete', async () => {
    const user = await openList();
    const link = screen.getByRole('link', { name: 'Site settings — contact, branches, menu, footer' });
    expect(link).toHaveAttribute('href', '/_editor?file=pages/_site.yaml');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Site settings' })).toHaveFocus();
    expect(window.location.search).toBe('?file=pages/_site.yaml');
    expect(screen.getByLabelText('Title')).toHaveValue('CESA site');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('pages/_site.yaml')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Site settings form' })).toBeInTheDocument();
  });

  it('previews the home page around the draft settings, with the menu the checked draft makes', async () => {
    const user = await openEditor('pages/_site.yaml');
    const frame = screen.getByTitle<HTMLIFrameElement>('Preview of /');
    const preview = frame.contentWindow!;
    const post = vi.spyOn(preview, 'postMessage').mockImplementation(() => {});
    const lastSent = () => post.mock.lastCall![0] as PreviewData;
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'cesa-preview-ready' }, origin: window.location.origin, source: preview }));
    });
    await waitFor(() => expect(titleOf(lastSent().data)).toBe('Home'));
    expect(lastSent()).toMatchObject({ route: '/', site: { meta: { title: 'CESA site' } } });
    expect(lastSent().menu).toBeUndefined();

    await user.type(screen.getByLabelText('Title'), '!');
    // The settings at once; the menu once the dev server has checked them.
    expect(lastSent()).toMatchObject({ route: '/', site: { meta: { title: 'CESA site!' } } });
    await waitFor(() => expect(lastSent().menu).toEqual([{ label: 'CESA site!', items: [] }]));
    expect(titleOf(lastSent().data)).toBe('Home');
  });

  it('warns that every page shows the mistakes before saving settings with errors', async () => {
    const user = await openEditor('pages/_site.yaml');
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Save the site settings with errors?' });
    expect(warning).toHaveTextContent(
      'The site settings have 1 error. npm run check and the build refuse them until they are fixed. Every page of the site shows these mistakes until they are fixed. Save anyway?',
    );
    await user.click(within(warning).getByRole('button', { name: 'Save anyway' }));
    await findStatus('Saved');
    expect(server.requestsTo('save')).toMatchObject([{ body: { file: 'pages/_site.yaml', data: { meta: { title: '' } } } }]);
  });
});
