/**
 * What the editor sends its live preview (editor/app/PreviewFrame.tsx): the page once the preview says
 * it is ready, and once only, however soon it says so; the page again when the preview asks again (it
 * reloaded and starts empty); each change once, at once.
 */
import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PreviewFrame } from '../../editor/app/PreviewFrame';
import type { Json } from '../../editor/protocol/api';

afterEach(() => {
  vi.restoreAllMocks();
});

const page = (title: string): Json => ({ meta: { title, description: 'A course.', keywords: ['ETABS'] }, sections: [{ type: 'hero', title }] });

let post: MockInstance<Window['postMessage']> | undefined;

/** The preview's "ready", as the frame posts it. */
function ready() {
  const preview = document.querySelector('iframe')!.contentWindow!;
  post ??= vi.spyOn(preview, 'postMessage').mockImplementation(() => {});
  window.dispatchEvent(new MessageEvent('message', { data: { type: 'cesa-preview-ready' }, origin: window.location.origin, source: preview }));
}

/** A preview ready within the very commit that shows the frame (its page loaded from cache, a fast machine). */
function ReadyAtOnce() {
  useLayoutEffect(ready, []);
  return null;
}

/** The pages sent so far: the id of each message and the title it carried. */
const sent = () =>
  (post?.mock.calls ?? [])
    .map(([message]) => message as { type: string; id?: number; data?: { meta: { title: string } } })
    .filter((message) => message.type === 'cesa-preview')
    .map((message) => ({ id: message.id, title: message.data?.meta.title }));

describe('the preview frame', () => {
  it('sends the page once when the preview is ready at once, again when it asks again, and each change once', () => {
    post = undefined;
    const first = page('ETABS');
    const { rerender } = render(
      <>
        <PreviewFrame route="/etabs" data={first} />
        <ReadyAtOnce />
      </>,
    );
    expect(sent()).toEqual([{ id: 1, title: 'ETABS' }]);

    // The same page drawn again with nothing changed: nothing sent.
    rerender(
      <>
        <PreviewFrame route="/etabs" data={first} showSection={{ index: 0 }} />
        <ReadyAtOnce />
      </>,
    );
    expect(sent()).toEqual([{ id: 1, title: 'ETABS' }]);

    act(ready);
    expect(sent()).toEqual([
      { id: 1, title: 'ETABS' },
      { id: 2, title: 'ETABS' },
    ]);

    rerender(
      <>
        <PreviewFrame route="/etabs" data={page('ETABS!')} showSection={{ index: 0 }} />
        <ReadyAtOnce />
      </>,
    );
    expect(sent()).toEqual([
      { id: 1, title: 'ETABS' },
      { id: 2, title: 'ETABS' },
      { id: 3, title: 'ETABS!' },
    ]);
  });
});
