/**
 * React's `renderToStaticMarkup`, byte for byte, for the elements a static page is made of: the same
 * components, called the same way (their hooks answered by a dispatcher of our own), their elements
 * written straight to a string instead of through React's streaming renderer, which costs three to four
 * times as much for a page (README, "Speed").
 *
 * What it writes, React writes too: the attributes by React's rules (React's own names, booleans,
 * URLs, escaping), the ids of `useId` by React's tree positions, and the preloads React puts before a
 * page for its images. What it does not know — a tag React treats specially (forms, `<title>`,
 * `<link>`, `<pre>`…), an attribute outside its list, a hook or component kind it does not answer —
 * it does not guess: it gives up (`undefined`) and the caller renders the page with React. The
 * differences it could make are checked in tests/islands/static-markup.test.tsx against React on every
 * page of the site and of synthetic sites.
 */
import * as React from 'react';
import type { ReactNode } from 'react';

const ELEMENT = Symbol.for('react.transitional.element');
const FRAGMENT = Symbol.for('react.fragment');
const CONTEXT = Symbol.for('react.context');

/** Thrown inside a render this module does not write exactly as React would: the caller uses React. */
class NotHere extends Error {}
const notHere = (): never => {
  throw new NotHere();
};

/** Where React keeps the hooks' dispatcher of the component being rendered. */
const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: { H: unknown } })
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

interface Context {
  $$typeof: symbol;
  _currentValue: unknown;
}

interface Element {
  $$typeof: symbol;
  type: unknown;
  props: Record<string, unknown>;
}

/** A position in the tree, as React's useId counts it: a number with a leading bit, and what overflowed it. */
interface TreePosition {
  id: number;
  overflow: string;
}

const ROOT: TreePosition = { id: 1, overflow: '' };

/** The position of child `index` of `count` under `base` (React's pushTreeContext). */
function childPosition(base: TreePosition, count: number, index: number): TreePosition {
  let baseLength = 31 - Math.clz32(base.id);
  let baseId = base.id & ~(1 << baseLength);
  const slot = index + 1;
  const length = 32 - Math.clz32(count) + baseLength;
  if (length <= 30) return { id: (1 << length) | (slot << baseLength) | baseId, overflow: base.overflow };
  // Too long for a number: the lowest whole groups of five bits move to the overflow string.
  const overflowBits = baseLength - (baseLength % 5);
  const overflow = (baseId & ((1 << overflowBits) - 1)).toString(32) + base.overflow;
  baseId >>= overflowBits;
  baseLength -= overflowBits;
  return { id: (1 << (32 - Math.clz32(count) + baseLength)) | (slot << baseLength) | baseId, overflow };
}

const treeId = ({ id, overflow }: TreePosition) => (id & ~(1 << (31 - Math.clz32(id)))).toString(32) + overflow;

const ESCAPED = /["'&<>]/;
const ESCAPED_ALL = /["'&<>]/g;
const ENTITIES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Text as React escapes it (text and attribute values alike). */
function escape(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' ? String(value) : notHere();
  return ESCAPED.test(text) ? text.replace(ESCAPED_ALL, (char) => ENTITIES[char]!) : text;
}

/** Tags React writes by a rule of their own (forms, the head's tags, <pre>'s first line…): left to React. */
const SPECIAL = new Set(['select', 'option', 'textarea', 'input', 'form', 'menuitem', 'object', 'title', 'link', 'style', 'meta', 'listing', 'pre', 'head', 'body', 'html', 'math', 'foreignObject', 'noscript', 'template', 'slot']);
/** Tags with no end tag. */
const VOID = new Set(['base', 'area', 'br', 'col', 'embed', 'hr', 'keygen', 'param', 'source', 'track', 'wbr', 'img']);
/** Attributes React writes as `name=""` when true and leaves out when false (its list, names as written). */
const BOOLEAN = new Set([
  'inert', 'allowFullScreen', 'async', 'autoPlay', 'controls', 'credentialless', 'default', 'defer', 'disabled', 'disablePictureInPicture',
  'disableRemotePlayback', 'formNoValidate', 'hidden', 'loop', 'noModule', 'noValidate', 'open', 'playsInline', 'readOnly', 'required',
  'reversed', 'scoped', 'seamless', 'itemScope',
]);
/** Attributes React writes with their value whatever its type (`focusable={false}` → `focusable="false"`). */
const ANY_VALUE = new Set(['contentEditable', 'spellCheck', 'draggable', 'value', 'autoReverse', 'externalResourcesRequired', 'focusable', 'preserveAlpha']);
/** Names React writes under another name. Any other name with a capital letter is left to React. */
const RENAMED: Record<string, string> = { className: 'class', tabIndex: 'tabindex', htmlFor: 'for', httpEquiv: 'http-equiv', acceptCharset: 'accept-charset', crossOrigin: 'crossorigin', shapeRendering: 'shape-rendering' };
/** Names with capitals React writes as they are. */
const AS_WRITTEN = new Set(['viewBox', 'srcSet', 'fetchPriority', 'referrerPolicy', 'colSpan', 'dateTime', 'itemProp', 'itemType', 'imageSrcSet', 'imageSizes', 'popoverTarget', 'popoverTargetAction']);
/** Props that are never attributes. */
const SKIPPED = new Set(['defaultValue', 'defaultChecked', 'innerHTML', 'suppressContentEditableWarning', 'suppressHydrationWarning', 'ref', 'key']);
const PLAIN_NAME = /^[a-z][a-z0-9_.:-]*$/;
/** A URL React would replace (a `javascript:` one, with whatever React skips inside the word): left to React. */
const looksLikeScript = (url: string) => url.replace(/[^!-\uffff]/g, '').toLowerCase().startsWith('javascript:');

/** How React writes one prop of a plain element (its pushAttribute), worked out once per name. */
type AttributeKind = 'style' | 'url' | 'lower-boolean' | 'true-empty' | 'positive-number' | 'number' | 'boolean' | 'any-value' | 'skipped' | 'string' | 'plain' | 'unknown';
interface AttributePlan {
  kind: AttributeKind;
  /** The name as written in the HTML. */
  written: string;
  /** A data- or aria- attribute: booleans are written ("true", "false"). */
  booleanText: boolean;
}

const plans = new Map<string, AttributePlan>();

function planOf(name: string): AttributePlan {
  let plan = plans.get(name);
  if (plan) return plan;
  const kind: AttributeKind =
    name === 'style'
      ? 'style'
      : name === 'src' || name === 'href'
        ? 'url'
        : name === 'autoFocus' || name === 'multiple' || name === 'muted'
          ? 'lower-boolean'
          : name === 'capture' || name === 'download'
            ? 'true-empty'
            : name === 'cols' || name === 'rows' || name === 'size' || name === 'span'
              ? 'positive-number'
              : name === 'rowSpan' || name === 'start'
                ? 'number'
                : BOOLEAN.has(name)
                  ? 'boolean'
                  : ANY_VALUE.has(name)
                    ? 'any-value'
                    : SKIPPED.has(name) || (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N'))
                      ? 'skipped'
                      : name === 'className' || name === 'tabIndex' || name === 'viewBox'
                        ? 'string'
                        : RENAMED[name] !== undefined || AS_WRITTEN.has(name) || PLAIN_NAME.test(name)
                          ? 'plain'
                          : 'unknown';
  const written = kind === 'lower-boolean' ? name.toLowerCase() : (RENAMED[name] ?? name);
  const prefix = written.slice(0, 5).toLowerCase();
  plan = { kind, written, booleanText: prefix === 'data-' || prefix === 'aria-' };
  plans.set(name, plan);
  return plan;
}

/** One attribute as React's pushAttribute writes it ('' for none). */
function attribute(name: string, value: unknown): string {
  if (typeof value === 'function' || typeof value === 'symbol') return '';
  const { kind, written, booleanText } = planOf(name);
  switch (kind) {
    case 'style':
      return styleAttribute(value);
    case 'url':
      if (value === '' || typeof value === 'boolean') return '';
      return looksLikeScript(String(value)) ? notHere() : ` ${written}="${escape(value)}"`;
    case 'lower-boolean':
    case 'boolean':
      return value ? ` ${written}=""` : '';
    case 'true-empty':
      return value === true ? ` ${written}=""` : value === false ? '' : ` ${written}="${escape(value)}"`;
    case 'positive-number':
      return !Number.isNaN(Number(value)) && Number(value) >= 1 ? ` ${written}="${escape(value)}"` : '';
    case 'number':
      return Number.isNaN(Number(value)) ? '' : ` ${written}="${escape(value)}"`;
    case 'any-value':
      return ` ${written}="${escape(value)}"`;
    case 'skipped':
      return '';
    case 'string':
      return typeof value === 'boolean' ? '' : ` ${written}="${escape(value)}"`;
    case 'plain':
      if (typeof value === 'boolean') return booleanText ? ` ${written}="${String(value)}"` : '';
      return ` ${written}="${escape(value)}"`;
    case 'unknown':
    default:
      return notHere();
  }
}

/** A style object as React writes it; numbers other than 0 (px or not, by property) are left to React. */
function styleAttribute(style: unknown): string {
  if (typeof style !== 'object' || style === null) return notHere();
  const parts: string[] = [];
  for (const [name, value] of Object.entries(style as Record<string, unknown>)) {
    if (value === null || value === undefined || typeof value === 'boolean' || value === '') continue;
    if (typeof value === 'number' && value !== 0) notHere();
    const property = name.startsWith('--') ? escape(name) : escape(name.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-'));
    parts.push(`${property}:${typeof value === 'number' ? '0' : typeof value === 'string' ? escape(value.trim()) : notHere()}`);
  }
  return parts.length === 0 ? '' : ` style="${parts.join(';')}"`;
}

const isData = (url: unknown) => typeof url === 'string' && url[4] === ':' && url.slice(0, 4).toLowerCase() === 'data';

/** The image preloads React writes before a page: up to ten (and every high-priority one) first, the rest after. */
class ImagePreloads {
  private readonly high = new Set<{ html: string }>();
  private readonly bulk = new Set<{ html: string }>();
  private readonly promotable = new Map<string, { html: string }>();
  private readonly seen = new Set<string>();

  /** An <img> with these props, outside a <picture> or <noscript>. */
  add(props: Record<string, unknown>): void {
    const { src, srcSet, loading, fetchPriority } = props;
    if (loading === 'lazy' || (!src && !srcSet) || (src != null && typeof src !== 'string') || (srcSet != null && typeof srcSet !== 'string') || fetchPriority === 'low') return;
    if (isData(src) || isData(srcSet)) return;
    const sizes = typeof props.sizes === 'string' ? props.sizes : undefined;
    const key = srcSet ? `${srcSet}\n${sizes ?? ''}` : (src as string);
    const promoted = this.promotable.get(key);
    if (promoted) {
      if (fetchPriority === 'high' || this.high.size < 10) {
        this.promotable.delete(key);
        this.bulk.delete(promoted);
        this.high.add(promoted);
      }
      return;
    }
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const crossOrigin = typeof props.crossOrigin === 'string' ? (props.crossOrigin === 'use-credentials' ? props.crossOrigin : '') : undefined;
    const link: [string, unknown][] = [
      ['rel', 'preload'],
      ['as', 'image'],
      ['href', srcSet ? undefined : src],
      ['imageSrcSet', srcSet],
      ['imageSizes', sizes],
      ['crossOrigin', crossOrigin],
      ['integrity', props.integrity],
      ['type', props.type],
      ['fetchPriority', fetchPriority],
      ['referrerPolicy', props.referrerPolicy],
    ];
    const resource = { html: `<link${link.map(([name, value]) => (value == null ? '' : attribute(name, value))).join('')}/>` };
    if (fetchPriority === 'high' || this.high.size < 10) this.high.add(resource);
    else {
      this.bulk.add(resource);
      this.promotable.set(key, resource);
    }
  }

  html(): string {
    let html = '';
    for (const { html: link } of this.high) html += link;
    for (const { html: link } of this.bulk) html += link;
    return html;
  }
}

/** One render: the contexts' values, the tree position, the ids and the preloads. */
class StaticRender {
  private readonly values = new Map<Context, unknown>();
  private position = ROOT;
  private localIds = 0;
  /** Inside a <picture> (no image preloads there) or an <svg> (another namespace: only plain tags). */
  private inPicture = false;
  private inSvg = false;
  readonly preloads = new ImagePreloads();

  readonly dispatcher = {
    readContext: (context: Context) => this.contextValue(context),
    useContext: (context: Context) => this.contextValue(context),
    use: (usable: unknown) => ((usable as Context | null)?.$$typeof === CONTEXT ? this.contextValue(usable as Context) : notHere()),
    useId: () => {
      const local = this.localIds++;
      return `_R_${treeId(this.position)}${local > 0 ? `H${local.toString(32)}` : ''}_`;
    },
    useMemo: <T>(make: () => T) => make(),
    useCallback: <T>(callback: T) => callback,
    useRef: <T>(initial: T) => ({ current: initial }),
    useState: <T>(initial: T | (() => T)) => [typeof initial === 'function' ? (initial as () => T)() : initial, () => undefined],
    useEffect: () => undefined,
    useLayoutEffect: () => undefined,
    useInsertionEffect: () => undefined,
    useImperativeHandle: () => undefined,
    useDebugValue: () => undefined,
    useDeferredValue: <T>(value: T) => value,
    useTransition: () => [false, (callback: () => void) => callback()],
    useSyncExternalStore: (_subscribe: unknown, _snapshot: unknown, serverSnapshot?: () => unknown) => (serverSnapshot ? serverSnapshot() : notHere()),
  };

  private contextValue(context: Context): unknown {
    return this.values.has(context) ? this.values.get(context) : context._currentValue;
  }

  /** The HTML written so far (V8 joins the pieces once, when the page is written). */
  html = '';

  node(node: unknown): void {
    if (node === null || node === undefined || typeof node === 'boolean') return;
    if (typeof node === 'string') {
      this.html += escape(node);
      return;
    }
    if (typeof node === 'number' || typeof node === 'bigint') {
      this.html += String(node);
      return;
    }
    if (Array.isArray(node)) {
      const parent = this.position;
      for (let index = 0; index < node.length; index++) {
        this.position = childPosition(parent, node.length, index);
        this.node(node[index]);
      }
      this.position = parent;
      return;
    }
    if (typeof node === 'object' && (node as Element).$$typeof === ELEMENT) this.element(node as Element);
    else notHere();
  }

  private element({ type, props }: Element): void {
    if (typeof type === 'string') return this.host(type, props);
    if (type === FRAGMENT) return this.node(props.children);
    if (typeof type === 'function') {
      if ((type.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent) notHere();
      this.localIds = 0;
      const rendered = (type as (props: unknown) => unknown)(props);
      if (this.localIds === 0) return this.node(rendered);
      // A component that took an id puts its children one level down (React's "materialized" id).
      const parent = this.position;
      this.position = childPosition(parent, 1, 0);
      this.node(rendered);
      this.position = parent;
      return;
    }
    if (typeof type === 'object' && type !== null && (type as Context).$$typeof === CONTEXT) {
      const context = type as Context;
      const had = this.values.has(context);
      const previous = this.values.get(context);
      this.values.set(context, props.value);
      this.node(props.children);
      if (had) this.values.set(context, previous);
      else this.values.delete(context);
      return;
    }
    notHere();
  }

  private host(tag: string, props: Record<string, unknown>): void {
    const kind = tagKindOf(tag);
    if (kind === 'special' || (this.inSvg && kind === 'void')) notHere();
    if (kind === 'script' && (props.src != null || props.async != null || props.children != null)) notHere();
    if (kind === 'button' && (props.name != null || props.formAction != null || props.formEncType != null || props.formMethod != null || props.formTarget != null)) notHere();
    if (kind === 'void' && tag === 'img' && !this.inPicture) this.preloads.add(props);
    let html = `<${tag}`;
    let children: unknown = null;
    let inner: unknown = null;
    for (const name in props) {
      if (!Object.prototype.hasOwnProperty.call(props, name)) continue;
      const value = props[name];
      if (value === null || value === undefined) continue;
      if (name === 'children') children = value;
      else if (name === 'dangerouslySetInnerHTML') inner = value;
      else if (kind === 'custom') html += customAttribute(name, value);
      else if (kind === 'a' && name === 'href' && value === '') html += ' href=""';
      else html += attribute(name, value);
    }
    if (kind === 'void') {
      if (children !== null || inner !== null) notHere();
      this.html += `${html}/>`;
      return;
    }
    html += '>';
    if (inner !== null) {
      if (children !== null || typeof inner !== 'object' || !('__html' in inner)) notHere();
      const raw = (inner as { __html: unknown }).__html;
      if (typeof raw === 'string' || typeof raw === 'number') html += String(raw);
      else if (raw !== null && raw !== undefined) notHere();
    }
    if (kind === 'script') {
      this.html += `${html}</script>`;
      return;
    }
    if (typeof children === 'string') {
      this.html += `${html}${escape(children)}</${tag}>`;
      return;
    }
    this.html += html;
    if (children !== null) {
      const picture = this.inPicture;
      const svg = this.inSvg;
      if (tag === 'picture') this.inPicture = true;
      if (tag === 'svg') this.inSvg = true;
      this.node(children);
      this.inPicture = picture;
      this.inSvg = svg;
    }
    this.html += `</${tag}>`;
  }
}

type TagKind = 'plain' | 'void' | 'custom' | 'script' | 'button' | 'a' | 'special';
const tagKinds = new Map<string, TagKind>();

/** How React writes a tag (pushStartInstance), worked out once per tag. */
function tagKindOf(tag: string): TagKind {
  let kind = tagKinds.get(tag);
  if (kind) return kind;
  kind = SPECIAL.has(tag)
    ? 'special'
    : tag.includes('-')
      ? /^[a-z][a-z0-9-]*$/.test(tag)
        ? 'custom'
        : 'special'
      : !/^[a-zA-Z][a-zA-Z0-9]*$/.test(tag)
        ? 'special'
        : VOID.has(tag)
          ? 'void'
          : tag === 'script' || tag === 'button' || tag === 'a'
            ? tag
            : 'plain';
  tagKinds.set(tag, kind);
  return kind;
}

/** An attribute of a custom element (`<cesa-island>`), as React writes those. */
function customAttribute(name: string, value: unknown): string {
  if (name === 'style') return styleAttribute(value);
  if (name === 'suppressContentEditableWarning' || name === 'suppressHydrationWarning' || name === 'ref') return '';
  const written = name === 'className' ? 'class' : name;
  if (!PLAIN_NAME.test(written)) return notHere();
  if (typeof value === 'function' || typeof value === 'symbol' || value === false) return '';
  if (value === true) return ` ${written}=""`;
  if (typeof value === 'object') return '';
  return ` ${written}="${escape(value)}"`;
}

/**
 * `renderToStaticMarkup(node)` as React would write it, or undefined where this module leaves the
 * page to React (see above). A component's own error is not caught here: React, rendering the page
 * again, throws it as it always did.
 */
export function staticMarkup(node: ReactNode): string | undefined {
  if (!internals) return undefined;
  const render = new StaticRender();
  const previous = internals.H;
  internals.H = render.dispatcher;
  try {
    render.node(node);
    return render.preloads.html() + render.html;
  } catch {
    return undefined;
  } finally {
    internals.H = previous;
  }
}
