/**
 * What a file of public/ is, from its first bytes and its name together: a picture, a video, a
 * document, a font, or something a browser would run (a web page, a script). A name can lie (a web
 * page called photo.jpg), so the content is read as well; a file whose content and name disagree is
 * taken for the riskier of the two. The hosted editor serves only pictures and media as themselves,
 * and publishing refuses web pages and scripts (they would run on the site's own origin).
 */
import path from 'node:path';

export type FileKind = 'picture' | 'video' | 'document' | 'font' | 'style' | 'text' | 'web-page' | 'script' | 'other';

/** The kinds a browser runs as the site itself when it opens them: never served as such by the editor, never published. */
export const RUNNABLE_KINDS: ReadonlySet<FileKind> = new Set(['web-page', 'script']);

const BY_EXTENSION: Record<string, FileKind> = {
  '.svg': 'picture',
  '.png': 'picture',
  '.jpg': 'picture',
  '.jpeg': 'picture',
  '.gif': 'picture',
  '.webp': 'picture',
  '.avif': 'picture',
  '.ico': 'picture',
  '.mp4': 'video',
  '.webm': 'video',
  '.vtt': 'text',
  '.pdf': 'document',
  '.woff': 'font',
  '.woff2': 'font',
  '.css': 'style',
  '.txt': 'text',
  '.html': 'web-page',
  '.htm': 'web-page',
  '.xhtml': 'web-page',
  '.shtml': 'web-page',
  '.xml': 'web-page',
  '.xsl': 'web-page',
  '.xslt': 'web-page',
  '.mht': 'web-page',
  '.mhtml': 'web-page',
  '.php': 'web-page',
  '.js': 'script',
  '.mjs': 'script',
  '.cjs': 'script',
  '.wasm': 'script',
  '.swf': 'script',
  '.map': 'text',
  '.json': 'text',
  '.webmanifest': 'text',
};

const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));

/** The kind the bytes show, or undefined when they show none (plain text, unknown bytes). */
function kindOfBytes(head: Uint8Array): FileKind | undefined {
  if (startsWith(head, 0x89, 0x50, 0x4e, 0x47) || startsWith(head, 0xff, 0xd8, 0xff) || ascii(head, 0, 'GIF8')) return 'picture';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'picture';
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'avif') || ascii(head, 8, 'avis') ? 'picture' : 'video';
  if (startsWith(head, 0x1a, 0x45, 0xdf, 0xa3)) return 'video';
  if (ascii(head, 0, '%PDF-')) return 'document';
  if (ascii(head, 0, 'wOFF') || ascii(head, 0, 'wOF2')) return 'font';
  if (startsWith(head, 0x00, 0x61, 0x73, 0x6d)) return 'script';
  // Markup: what a browser would take for a page (HTML sniffing looks at the first tag), an SVG drawing.
  const text = Buffer.from(head).toString('utf8').replace(/^\uFEFF/, '').replace(/^\s+/, '').slice(0, 512).toLowerCase();
  if (/^<!doctype\s+html|^<(html|head|body|script|iframe|frame|object|embed|meta|title|style|a|div|p|table|img|form|!--)[\s>/]/.test(text)) return 'web-page';
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+svg[^>]*>\s*)?<svg[\s>]/.test(text)) return 'picture';
  if (/^<\?xml/.test(text)) return 'web-page';
  return undefined;
}

/** Riskier first: a file both names is taken for the first of them. */
const RISK: FileKind[] = ['script', 'web-page', 'style', 'other', 'text', 'font', 'document', 'video', 'picture'];

/** What the file `name` with first bytes `head` is (a few hundred bytes are enough). */
export function fileKindOf(name: string, head: Uint8Array): FileKind {
  const byName = BY_EXTENSION[path.extname(name).toLowerCase()] ?? 'other';
  const byBytes = kindOfBytes(head);
  // A name that promises a picture, a video, a font or a document the bytes do not hold is no such thing.
  if (!byBytes) return byName === 'picture' || byName === 'video' || byName === 'font' || byName === 'document' ? 'other' : byName;
  return RISK.indexOf(byBytes) < RISK.indexOf(byName) ? byBytes : byName;
}

/** How the publishers' screen names a kind of file. */
export const FILE_KIND_WORDS: Record<FileKind, string> = {
  picture: 'a picture',
  video: 'a video',
  document: 'a PDF document',
  font: 'a font',
  style: 'a style sheet',
  text: 'a text file',
  'web-page': 'a web page file',
  script: 'a script',
  other: 'a file of another kind',
};
