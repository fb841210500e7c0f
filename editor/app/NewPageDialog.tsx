/**
 * "New page": its route, and what it starts from (a template, or a copy of a page). The dev server
 * checks the route (the rules of `npm run new`) and says what is wrong; the dialog shows it beside
 * the route and stays open.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
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
  const [route, setRoute] = useState('');
  const [source, setSource] = useState<'template' | 'copy'>(templates.length > 0 ? 'template' : 'copy');
  const [template, setTemplate] = useState(templates[0]?.name ?? '');
  const [copy, setCopy] = useState(pages[0]?.file ?? '');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const routeInput = useRef<HTMLInputElement>(null);
  const ids = { route: useId(), routeHelp: useId(), failure: useId(), template: useId(), templateHelp: useId(), copy: useId() };

  const chosenTemplate = templates.find((entry) => entry.name === template);
  const newFile = route.trim() && route.trim() !== '/' ? `pages${routeFromInput(route)}.yaml` : 'pages/<route>.yaml';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!route.trim() || route.trim() === '/') {
      setFailure(asFailure(new Error('Type the new page’s route first, e.g. /tekla-structures.')));
      routeInput.current?.focus();
      return;
    }
    const request: CreateRequest = {
      route: routeFromInput(route),
      from: source === 'template' ? { template } : { copy },
    };
    setBusy(true);
    try {
      onCreated(await api.create(request));
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
      // Where the fix is typed; the route is then read with what is wrong with it.
      routeInput.current?.focus();
    }
  };

  return (
    <Dialog title="New page" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="ed-field">
          <label htmlFor={ids.route}>Route</label>
          <input
            ref={routeInput}
            id={ids.route}
            className="ed-input"
            value={route}
            onChange={(event) => setRoute(event.target.value)}
            aria-describedby={failure ? `${ids.routeHelp} ${ids.failure}` : ids.routeHelp}
            aria-invalid={failure ? true : undefined}
            placeholder="/tekla-structures"
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <p id={ids.routeHelp} className="ed-help">
            The page’s address: a slash, then letters, digits and dashes (no spaces), e.g. /tekla-structures. Its file will be{' '}
            <code>{newFile}</code>.
          </p>
          {failure ? <FailureMessage failure={failure} id={ids.failure} /> : null}
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
