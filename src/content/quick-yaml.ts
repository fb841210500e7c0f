/**
 * The YAML that pages are written in, read the quick way: block mappings and sequences, one-line plain
 * and quoted values, literal and folded blocks, one-line flow lists and maps, comments. Anything else
 * (a value over several lines, a tab, a key in quotes, an escape it does not know, a document marker,
 * a duplicate key…) gives `undefined`, and the caller reads the file with js-yaml as before: this
 * never decides what a file means where js-yaml might read it otherwise, and never accepts a file
 * js-yaml refuses (tests/content/quick-yaml.test.ts compares the two on every page, on generated pages
 * and on thousands of damaged ones).
 *
 * Why by hand: js-yaml reads a page of 18 KB in 0.66 ms, most of it character by character; this
 * reads it line by line in about a fifth of that (`npm run bench -- phases`, the parse line), and a
 * cold build's pages spend more time parsing than in any other step but React's render.
 */
import * as jsYaml from 'js-yaml';
import type { Type } from 'js-yaml';

/**
 * The values js-yaml's core schema gives a plain scalar, tried in its order (null, bool, int, float):
 * its own types, so a plain value means here what it means there (js-yaml exports them; its typings do not say so).
 */
const { types } = jsYaml as unknown as { types: Record<'null' | 'bool' | 'int' | 'float', Type> };
const IMPLICIT = [types.null, types.bool, types.int, types.float];

const isKeyStart = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isKeyCharacter = (code: number) => isKeyStart(code) || (code >= 48 && code <= 57);

/**
 * Where the ":" of the key written plainly (as pages write theirs) that begins `text` is, or -1: a
 * letter or "_", then letters, digits, "_" and single "-" between them, then ":" and a space or the end
 * (`/^[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*:(?: |$)/`), read character by character: a page has
 * some 600 keys, and a regular expression's match made 25 KB of objects a page.
 */
function keyColon(text: string): number {
  if (!isKeyStart(text.charCodeAt(0))) return -1;
  let at = 1;
  for (;;) {
    const code = text.charCodeAt(at);
    if (isKeyCharacter(code)) at++;
    else if (code === 45 && isKeyCharacter(text.charCodeAt(at + 1))) at += 2;
    else break;
  }
  if (text.charCodeAt(at) !== 58) return -1;
  return at + 1 === text.length || text.charCodeAt(at + 1) === 32 ? at : -1;
}

/** A key that js-yaml would read as another value than its text (`True:` is the key "true"). */
const NOT_TEXT_KEY = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** What may begin a plain value that js-yaml could read as something other than text. */
const MAY_NOT_BE_TEXT = /^[-+.~0-9nNtTfF]/;
/** What no plain value may begin with, and what this reader leaves to js-yaml at a value's start. */
const NOT_PLAIN_START = /^(?:[[\]{},#&*!|>'"%@`]|[-?:](?: |$))/;

/** Thrown to give up; made once (no stack taken per file). */
class Bail extends Error {}
const BAIL = new Bail();

interface Line {
  /** Spaces before its text. */
  indent: number;
  /** The line without them. */
  text: string;
}

export function quickYaml(source: string): Record<string, unknown> | undefined {
  if (source.includes('\t') || source.includes('\r') || source.charCodeAt(0) === 0xfeff) return undefined;
  try {
    return new Reader(source).document();
  } catch (error) {
    if (error === BAIL) return undefined;
    throw error;
  }
}

function bail(): never {
  throw BAIL;
}

class Reader {
  private readonly lines: Line[];
  private at = 0;

  constructor(source: string) {
    const raw = source.split('\n');
    if (raw[raw.length - 1] === '') raw.pop();
    this.lines = raw.map((line) => {
      let indent = 0;
      while (line.charCodeAt(indent) === 32) indent++;
      return { indent, text: line.slice(indent) };
    });
  }

  document(): Record<string, unknown> {
    const first = this.next();
    if (!first || first.indent !== 0) bail();
    const value = this.mapping(0);
    if (this.next()) bail();
    return value;
  }

  /** The next line with something to read (blank lines and comments skipped), not consumed. */
  private next(): Line | undefined {
    while (this.at < this.lines.length) {
      const line = this.lines[this.at]!;
      if (line.text !== '' && line.text[0] !== '#') {
        if (line.indent === 0 && (line.text.startsWith('---') || line.text.startsWith('...') || line.text[0] === '%')) bail();
        return line;
      }
      this.at++;
    }
    return undefined;
  }

  private block(indent: number): unknown {
    const line = this.next()!;
    return isItem(line.text) ? this.sequence(indent) : this.mapping(indent);
  }

  private mapping(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    for (let line = this.next(); line && line.indent === indent; line = this.next()) {
      const colon = keyColon(line.text);
      if (colon < 0) bail();
      const name = line.text.slice(0, colon);
      if (name === '__proto__' || NOT_TEXT_KEY.test(name) || Object.prototype.hasOwnProperty.call(map, name)) bail();
      this.at++;
      let valueAt = colon + 1;
      while (line.text.charCodeAt(valueAt) === 32) valueAt++;
      const rest = line.text.slice(valueAt);
      if (rest === '' || rest[0] === '#') {
        const below = this.next();
        if (below && below.indent > indent) map[name] = this.block(below.indent);
        // A list may start at its key's own indentation.
        else if (below && below.indent === indent && isItem(below.text)) map[name] = this.sequence(indent);
        // No value (null): js-yaml may read the lines that follow as it (after a comment, for one).
        else bail();
      } else {
        map[name] = this.inline(rest, indent);
      }
    }
    const after = this.next();
    if (after && after.indent > indent) bail();
    return map;
  }

  private sequence(indent: number): unknown[] {
    const list: unknown[] = [];
    for (let line = this.next(); line && line.indent === indent && isItem(line.text); line = this.next()) {
      let spaces = 1;
      while (line.text.charCodeAt(spaces) === 32) spaces++;
      const rest = line.text.slice(spaces);
      if (rest === '' || rest[0] === '#') {
        this.at++;
        const below = this.next();
        // An item with no value: left to js-yaml, as for a key with none.
        if (!below || below.indent <= indent) bail();
        list.push(this.block(below.indent));
      } else if (keyColon(rest) >= 0 || isItem(rest)) {
        // "- key: value" or "- - item": a mapping or list whose first line begins after the dash.
        this.lines[this.at] = { indent: indent + spaces, text: rest };
        list.push(this.block(indent + spaces));
      } else {
        this.at++;
        list.push(this.inline(rest, indent));
      }
    }
    const after = this.next();
    if (after && after.indent > indent) bail();
    return list;
  }

  /** A value written after its key or dash: on this line, or a block of the lines below. */
  private inline(text: string, indent: number): unknown {
    const first = text[0];
    if (first === '|' || first === '>') return this.blockScalar(text, indent);
    let value: unknown;
    if (first === '[' || first === '{') {
      const flow = new Flow(text);
      value = flow.value();
      flow.end();
    } else if (first === '"' || first === "'") {
      const [quoted, end] = readQuoted(text, 0);
      value = quoted;
      restIsComment(text, end);
    } else {
      value = plain(withoutComment(text));
    }
    // A value does not go on below its line here (a plain value over several lines).
    const below = this.next();
    if (below && below.indent > indent) bail();
    return value;
  }

  /** `|` or `>`, kept (`+`), stripped (`-`) or clipped at the end; the lines more indented than `indent`. */
  private blockScalar(header: string, indent: number): string {
    const match = /^([|>])([-+]?)(?: +#.*)? *$/.exec(header);
    if (!match) bail();
    const [, style, chomp] = match;
    const lines: string[] = [];
    let content = -1;
    // The most spaces of a blank line before the first line of text.
    let leading = 0;
    for (; this.at < this.lines.length; this.at++) {
      const line = this.lines[this.at]!;
      if (line.text === '') {
        // A blank line with more spaces than the block's indentation holds text (spaces): left to js-yaml.
        if (content === -1) leading = Math.max(leading, line.indent);
        else if (line.indent > content) bail();
        lines.push('');
        continue;
      }
      if (content === -1) {
        if (line.indent <= indent) break;
        content = line.indent;
        if (leading > content) bail();
      }
      if (line.indent < content) break;
      // A more indented line keeps its line breaks in a folded block: left to js-yaml.
      if (line.indent > content && style === '>') bail();
      lines.push(' '.repeat(line.indent - content) + line.text);
    }
    let end = lines.length;
    while (end > 0 && lines[end - 1] === '') end--;
    const trailing = lines.length - end;
    const body = lines.slice(0, end);
    // No text: what each chomping gives is left to js-yaml.
    if (body.length === 0) bail();
    let text = style === '|' ? body.join('\n') : fold(body);
    if (chomp !== '-') text += '\n';
    if (chomp === '+') text += '\n'.repeat(trailing);
    return text;
  }
}

function isItem(text: string): boolean {
  return text[0] === '-' && (text.length === 1 || text[1] === ' ');
}

/** A folded block's lines: a line break between two lines is a space, each blank line between them a line break. */
function fold(lines: readonly string[]): string {
  let text = '';
  let blanks = 0;
  let started = false;
  for (const line of lines) {
    if (line === '') {
      blanks++;
      continue;
    }
    if (started) text += blanks > 0 ? '\n'.repeat(blanks) : ' ';
    else text += '\n'.repeat(blanks);
    text += line;
    blanks = 0;
    started = true;
  }
  return text;
}

/** The text before a comment (a `#` after a space), its trailing spaces removed. */
function withoutComment(text: string): string {
  const hash = text.indexOf(' #');
  return (hash === -1 ? text : text.slice(0, hash)).trimEnd();
}

function restIsComment(text: string, from: number): void {
  const rest = text.slice(from);
  if (rest.trim() !== '' && !/^ +#/.test(rest)) bail();
}

/** A plain value in block context: text, or what js-yaml's core schema reads it as. */
function plain(text: string): unknown {
  if (text === '' || NOT_PLAIN_START.test(text) || text.includes(': ') || text.endsWith(':')) bail();
  return resolved(text);
}

function resolved(text: string): unknown {
  if (MAY_NOT_BE_TEXT.test(text)) {
    for (const type of IMPLICIT) {
      if (type.resolve(text)) return type.construct(text) as unknown;
    }
  }
  return text;
}

const ESCAPES: Record<string, string> = { '0': '\0', a: '\x07', b: '\b', t: '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029' };

/** A quoted value that ends on its line: its text and where it ends. */
function readQuoted(text: string, from: number): [string, number] {
  const quote = text[from];
  let value = '';
  for (let at = from + 1; at < text.length; ) {
    const close = text.indexOf(quote!, at);
    const escape = quote === '"' ? text.indexOf('\\', at) : -1;
    if (close === -1) bail();
    if (escape !== -1 && escape < close) {
      value += text.slice(at, escape);
      const mark = text[escape + 1];
      if (mark === 'x' || mark === 'u' || mark === 'U') {
        const digits = mark === 'x' ? 2 : mark === 'u' ? 4 : 8;
        const hex = text.slice(escape + 2, escape + 2 + digits);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) bail();
        const code = parseInt(hex, 16);
        // Lone surrogates and beyond Unicode: left to js-yaml.
        if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) bail();
        value += String.fromCodePoint(code);
        at = escape + 2 + digits;
        continue;
      }
      const replaced = mark === undefined ? undefined : ESCAPES[mark];
      if (replaced === undefined) bail();
      value += replaced;
      at = escape + 2;
      continue;
    }
    value += text.slice(at, close);
    if (quote === "'" && text[close + 1] === "'") {
      value += "'";
      at = close + 2;
      continue;
    }
    return [value, close + 1];
  }
  return bail();
}

/** A list `[a, b]` or map `{ key: value }` written on one line, nested ones inside it. */
class Flow {
  private at = 0;

  constructor(private readonly text: string) {}

  value(): unknown {
    this.spaces();
    const first = this.text[this.at];
    if (first === '[') return this.list();
    if (first === '{') return this.map();
    if (first === '"' || first === "'") {
      const [value, end] = readQuoted(this.text, this.at);
      this.at = end;
      return value;
    }
    return this.plain();
  }

  end(): void {
    restIsComment(this.text, this.at);
  }

  private spaces(): void {
    while (this.text.charCodeAt(this.at) === 32) this.at++;
  }

  private list(): unknown[] {
    const list: unknown[] = [];
    this.at++;
    this.spaces();
    if (this.text[this.at] === ']') {
      this.at++;
      return list;
    }
    for (;;) {
      list.push(this.value());
      this.spaces();
      const mark = this.text[this.at++];
      if (mark === ']') return list;
      if (mark !== ',') bail();
    }
  }

  private map(): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    this.at++;
    this.spaces();
    if (this.text[this.at] === '}') {
      this.at++;
      return map;
    }
    for (;;) {
      this.spaces();
      const rest = this.text.slice(this.at);
      const colon = keyColon(rest);
      // A key then ": " (a key with no value, or "key:value", is left to js-yaml).
      if (colon < 0 || rest.charCodeAt(colon + 1) !== 32) bail();
      const name = rest.slice(0, colon);
      if (name === '__proto__' || NOT_TEXT_KEY.test(name) || Object.prototype.hasOwnProperty.call(map, name)) bail();
      this.at += colon + 1;
      this.spaces();
      map[name] = this.value();
      this.spaces();
      const mark = this.text[this.at++];
      if (mark === '}') return map;
      if (mark !== ',') bail();
    }
  }

  /** A plain value inside brackets: up to the next `,`, `]` or `}`. */
  private plain(): unknown {
    let end = this.at;
    while (end < this.text.length && !',[]{}'.includes(this.text[end]!)) end++;
    const text = this.text.slice(this.at, end).trimEnd();
    if (text === '' || NOT_PLAIN_START.test(text) || text.includes(': ') || text.endsWith(':') || text.includes('#')) bail();
    this.at = end;
    return resolved(text);
  }
}
