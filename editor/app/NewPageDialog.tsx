/**
 * "New page": its name first (and a course's duration), then what it starts from (a template, or a
 * copy of a page) and its address, suggested from the name. Nothing is made until the name is given;
 * the name goes everywhere the page shows it (a course states it once: src/content/course-facts.ts).
 * The dev server checks the rest (the rules of `npm run new`) and says what is wrong; the dialog shows
 * it beside the field to fix and stays open.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { routeForName } from '../../src/content/new-page';
import { api, asFailure, type ApiFailure } from './api';
import { Dialog } from './Dialog';
import { FailureMessage } from './FailureMessage';
import type { CreateRequest, CreateResponse, PageListEntry, SchemaResponse } from '../protocol/api';

interface NewPageDialogProps {
  templates: SchemaResponse['templates'];
  pages: readonly PageListEntry[];
  onClose: () => void;
  onCreated: (created: CreateResponse) => void;
}

/** "tekla structures" is not a route, but "tekla-structures" typed without its slash is one. */
export function routeFromInput(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function NewPageDialog({ templates, pages, onClose, onCreated }: NewPageDialogProps) {
  const [name, setName] = useState('');
  const [duration, setDuration] = useState('');
  // The address follows the name until it is typed in itself.
  const [typedRoute, setTypedRoute] = useState<string | null>(null);
  const [source, setSource] = useState<'template' | 'copy'>(templates.length > 0 ? 'template' : 'copy');
  const [template, setTemplate] = useState(templates[0]?.name ?? '');
  const [copy, setCopy] = useState(pages[0]?.file ?? '');
  const [failure, setFailure] = useState<{ field: 'name' | 'route'; failure: ApiFailure } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const routeInput = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), nameHelp: useId(), duration: useId(), durationHelp: useId(), route: useId(), routeHelp: useId(), failure: useId(), template: useId(), templateHelp: useId(), copy: useId() };

  const chosenTemplate = templates.find((entry) => entry.name === template);
  const isCourse = source === 'template' && chosenTemplate?.course === true;
  const route = typedRoute ?? routeForName(name);
  const failureAt = (field: 'name' | 'route') => (failure?.field === field ? failure.failure : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setFailure({ field: 'name', failure: asFailure(new Error('Type the new page’s name first, e.g. Tekla Structures.')) });
      nameInput.current?.focus();
      return;
    }
    if (!route.trim() || route.trim() === '/') {
      setFailure({ field: 'route', failure: asFailure(new Error('Type the new page’s address, e.g. /tekla-structures.')) });
      routeInput.current?.focus();
      return;
    }
    const request: CreateRequest = {
      name: name.trim(),
      ...(isCourse && duration.trim() ? { duration: duration.trim() } : {}),
      route: routeFromInput(route),
      from: source === 'template' ? { template } : { copy },
    };
    setBusy(true);
    try {
      onCreated(await api.create(request));
    } catch (error) {
      // A refusal of the name says so; anything else is about the address (taken, not usable).
      const failed = asFailure(error);
      const field = /\bname\b/i.test(failed.message) ? 'name' : 'route';
      setFailure({ field, failure: failed });
      setBusy(false);
      // Where the fix is typed; it is then read with what is wrong with it.
      (field === 'name' ? nameInput : routeInput).current?.focus();
    }
  };

  const nameFailure = failureAt('name');
  const routeFailure = failureAt('route');

  return (
    <Dialog title="New page" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="ed-field">
          <label htmlFor={ids.name}>Name</label>
          <input
            ref={nameInput}
            id={ids.name}
            className="ed-input"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (failure?.field === 'name') setFailure(null);
            }}
            aria-describedby={nameFailure ? `${ids.nameHelp} ${ids.failure}` : ids.nameHelp}
            aria-invalid={nameFailure ? true : undefined}
            placeholder="Tekla Structures"
            autoComplete="off"
            data-autofocus
          />
          <p id={ids.nameHelp} className="ed-help">
            What the page is called. It is filled in everywhere the page shows it: its heading, its title in search results and, for a course, the menu and the brochure.
          </p>
          {nameFailure ? <FailureMessage failure={nameFailure} id={ids.failure} /> : null}
        </div>

        <fieldset className="ed-fieldset">
          <legend>Start from</legend>
          <label className="ed-choice">
            <input
              type="radio"
              name="source"
              value="template"
              checked={source === 'template'}
              onChange={() => setSource('template')}
              disabled={templates.length === 0}
            />
            A template
          </label>
          {source === 'template' ? (
            <div className="ed-field ed-field--nested">
              <label htmlFor={ids.template}>Template</label>
              <select
                id={ids.template}
                className="ed-input"
                value={template}
                onChange={(event) => setTemplate(event.target.value)}
                aria-describedby={ids.templateHelp}
              >
                {templates.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {entry.name}
                  </option>
                ))}
              </select>
              <p id={ids.templateHelp} className="ed-help">
                {chosenTemplate?.description || 'No description.'}
              </p>
            </div>
          ) : null}
          <label className="ed-choice">
            <input
              type="radio"
              name="source"
              value="copy"
              checked={source === 'copy'}
              onChange={() => setSource('copy')}
              disabled={pages.length === 0}
            />
            A copy of a page
          </label>
          {source === 'copy' ? (
            <div className="ed-field ed-field--nested">
              <label htmlFor={ids.copy}>Page to copy</label>
              <select id={ids.copy} className="ed-input" value={copy} onChange={(event) => setCopy(event.target.value)}>
                {pages.map((page) => (
                  <option key={page.file} value={page.file}>
                    {page.title} ({page.route})
                  </option>
                ))}
              </select>
              <p className="ed-help">Everything is copied except its aliases (old addresses stay with the original).</p>
            </div>
          ) : null}
        </fieldset>

        {isCourse ? (
          <div className="ed-field">
            <label htmlFor={ids.duration}>Duration</label>
            <input
              id={ids.duration}
              className="ed-input"
              value={duration}
              onChange={(event) => setDuration(event.target.value)}
              aria-describedby={ids.durationHelp}
              placeholder="45 hours"
              autoComplete="off"
            />
            <p id={ids.durationHelp} className="ed-help">
              How long the course takes, e.g. 45 hours or 50 hours / 8 days. Shown on the page, in the brochure and on the course’s cards; you can change it later in one place.
            </p>
          </div>
        ) : null}

        <div className="ed-field">
          <label htmlFor={ids.route}>Address</label>
          <input
            ref={routeInput}
            id={ids.route}
            className="ed-input"
            value={route}
            onChange={(event) => {
              setTypedRoute(event.target.value);
              if (failure?.field === 'route') setFailure(null);
            }}
            aria-describedby={routeFailure ? `${ids.routeHelp} ${ids.failure}` : ids.routeHelp}
            aria-invalid={routeFailure ? true : undefined}
            placeholder="/tekla-structures"
            autoComplete="off"
            spellCheck={false}
          />
          <p id={ids.routeHelp} className="ed-help">
            Where visitors find the page, suggested from its name: a slash, then letters, digits and dashes (no spaces), e.g. /tekla-structures.
          </p>
          {routeFailure ? <FailureMessage failure={routeFailure} id={ids.failure} /> : null}
        </div>

        <div className="ed-actions">
          <button type="button" className="ed-button" onClick={onClose}>
            Cancel
          </button>
          {/* aria-disabled, not disabled: a disabled button drops the focus to <body>. */}
          <button type="submit" className="ed-button ed-button--primary" aria-disabled={busy || undefined}>
            {busy ? 'Creating…' : 'Create page'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
