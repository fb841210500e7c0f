/**
 * The live preview: an iframe of /_editor/preview (the site's own components and styles, apart from
 * the editor's), sent the page's data at once on every change (preview-protocol.ts). No debounce:
 * the aim is under 150 ms from a keystroke to the preview.
 */
import { useEffectEvent, useLayoutEffect, useRef } from 'react';
import { EDITOR_PREVIEW_ROUTE, type Json } from '../protocol/api';
import { isPreviewMessage, sharedNow, type PreviewData, type PreviewScroll } from '../protocol/preview';

interface PreviewFrameProps {
  route: string;
  data: Json;
  /** The section to show (a new object each time it is asked for, even for the same section). */
  showSection?: { index: number } | null;
  /** The site settings being edited (raw data) and the menu they make: drawn around the page. */
  site?: Json | undefined;
  menu?: unknown;
}

export function PreviewFrame({ route, data, showSection = null, site, menu }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const lastId = useRef(0);
  /** What the preview was last sent: the same again is not sent, unless the preview asks (it reloaded). */
  const lastSent = useRef<readonly unknown[]>([]);

  const send = useEffectEvent((asked: boolean) => {
    const target = frame.current?.contentWindow;
    if (!ready.current || !target) return;
    const sending = [route, data, site, menu];
    if (!asked && sending.every((value, index) => value === lastSent.current[index])) return;
    lastSent.current = sending;
    lastId.current += 1;
    const message: PreviewData = {
      type: 'cesa-preview',
      id: lastId.current,
      route,
      data,
      ...(site === undefined ? {} : { site }),
      ...(menu === undefined ? {} : { menu }),
      sentAt: sharedNow(),
    };
    target.postMessage(message, window.location.origin);
  });

  // Asked for before the preview was ready (the editor was quick to open a section): shown once it is.
  const scroll = useEffectEvent(() => {
    const target = frame.current?.contentWindow;
    if (!showSection || !ready.current || !target) return;
    const message: PreviewScroll = { type: 'cesa-preview-scroll', section: showSection.index };
    target.postMessage(message, window.location.origin);
  });

  // Listening from the commit that creates the frame (a layout effect, not a passive one React may run
  // a task later): no "ready" from the frame can come before the editor listens.
  useLayoutEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (!isPreviewMessage(event.data)) return;
      if (event.data.type === 'cesa-preview-ready') {
        // Also after the preview reloads itself: it starts empty and asks again.
        ready.current = true;
        send(true);
        scroll();
      } else if (event.data.type === 'cesa-preview-rendered') {
        frame.current?.setAttribute('data-rendered', String(event.data.id));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Sent from the commit that shows the change (layout effects), like the listener above: a passive
  // effect may run a task later, after the frame's "ready" has already sent the same data (it then went
  // twice), and a keystroke's data waited for it.
  useLayoutEffect(() => {
    send(false);
  }, [route, data, site, menu]);

  useLayoutEffect(() => {
    scroll();
  }, [showSection]);

  return <iframe ref={frame} className="ed-preview__frame" src={EDITOR_PREVIEW_ROUTE} title={`Preview of ${route}`} />;
}
