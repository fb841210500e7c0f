/**
 * A small Language Server Protocol client for the tests: starts the YAML language server that VS Code's
 * YAML extension runs (node_modules/yaml-language-server, over stdio), answers its requests the way
 * VS Code does with this repository's .vscode/settings.json, and asks it for completions, hovers and
 * diagnostics as an editor would while someone types.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Diagnostic {
  range: Range;
  message: string;
  severity?: number;
  source?: string;
}

export interface CompletionItem {
  label: string;
  kind?: number;
  detail?: string;
  documentation?: string | { kind: string; value: string };
  insertText?: string;
  textEdit?: { newText: string };
  sortText?: string;
}

export interface Hover {
  contents: string | { kind: string; value: string } | (string | { language: string; value: string })[];
}

type Message = { id?: number | string; method?: string; params?: unknown; result?: unknown; error?: { message: string } };

/** The `yaml.*` settings of .vscode/settings.json, as VS Code sends them to the server (`yaml.schemas` → `schemas`). */
export function vscodeYamlSettings(root: string): Record<string, unknown> {
  const settings = JSON.parse(readFileSync(path.join(root, '.vscode/settings.json'), 'utf8')) as Record<string, unknown>;
  const yaml: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) if (key.startsWith('yaml.')) yaml[key.slice('yaml.'.length)] = value;
  return yaml;
}

export class YamlLanguageServer {
  private child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private diagnostics = new Map<string, Diagnostic[]>();
  private diagnosticWaiters: { uri: string; version: number; resolve: (diagnostics: Diagnostic[]) => void }[] = [];
  private versions = new Map<string, number>();
  /** The document version each published diagnostics list is for (the server validates after a short delay). */
  private diagnosticVersions = new Map<string, number>();
  private stderr = '';

  private constructor(
    readonly root: string,
    private yamlSettings: Record<string, unknown>,
  ) {
    this.child = spawn(process.execPath, [path.join(root, 'node_modules/yaml-language-server/bin/yaml-language-server'), '--stdio'], {
      cwd: root,
      stdio: 'pipe',
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.on('exit', (code) => {
      for (const { reject } of this.pending.values()) reject(new Error(`yaml-language-server exited (${code}): ${this.stderr}`));
      this.pending.clear();
    });
  }

  /** Starts the server on the workspace `root` and configures it with `yamlSettings` (the `yaml.` settings without the prefix). */
  static async start(root: string, yamlSettings: Record<string, unknown> = vscodeYamlSettings(root)): Promise<YamlLanguageServer> {
    const server = new YamlLanguageServer(root, yamlSettings);
    const rootUri = pathToFileURL(root).href;
    await server.request('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: path.basename(root) }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: {},
        },
      },
    });
    server.notify('initialized', {});
    return server;
  }

  uriOf(file: string): string {
    return pathToFileURL(path.resolve(this.root, file)).href;
  }

  /** Opens `file` (relative to the root) with `text`, as an editor does; returns its URI. */
  open(file: string, text: string): string {
    const uri = this.uriOf(file);
    this.versions.set(uri, 1);
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    return uri;
  }

  /** Replaces the whole text of an open document, as typing does. */
  change(uri: string, text: string): void {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  close(uri: string): void {
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /** The diagnostics the server publishes for the current text of `uri`. */
  diagnosticsOf(uri: string): Promise<Diagnostic[]> {
    const version = this.versions.get(uri) ?? 1;
    if ((this.diagnosticVersions.get(uri) ?? 0) >= version) return Promise.resolve(this.diagnostics.get(uri) ?? []);
    return new Promise((resolve) => this.diagnosticWaiters.push({ uri, version, resolve }));
  }

  /** The next diagnostics the server publishes for `uri`, whatever makes it validate again (a schema that changed). */
  nextDiagnostics(uri: string): Promise<Diagnostic[]> {
    return new Promise((resolve) => this.diagnosticWaiters.push({ uri, version: -1, resolve }));
  }

  async completion(uri: string, position: Position): Promise<CompletionItem[]> {
    const result = (await this.request('textDocument/completion', { textDocument: { uri }, position })) as { items: CompletionItem[] } | CompletionItem[] | null;
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  async hover(uri: string, position: Position): Promise<string> {
    const result = (await this.request('textDocument/hover', { textDocument: { uri }, position })) as Hover | null;
    if (!result) return '';
    const contents = Array.isArray(result.contents) ? result.contents : [result.contents];
    return contents.map((part) => (typeof part === 'string' ? part : part.value)).join('\n');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await this.request('shutdown', null);
      this.notify('exit', null);
    } catch {
      // already gone
    }
    const timer = setTimeout(() => this.child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  private send(message: object): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body) as Message);
    }
  }

  private dispatch(message: Message): void {
    if (message.method === undefined && typeof message.id === 'number') {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
      return;
    }
    if (message.method !== undefined && message.id !== undefined) {
      this.send({ jsonrpc: '2.0', id: message.id, result: this.answer(message.method, message.params) });
      return;
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      const { uri, diagnostics, version } = message.params as { uri: string; diagnostics: Diagnostic[]; version?: number };
      this.diagnostics.set(uri, diagnostics);
      // The server does not always say which version it validated: it validates the latest text, after a delay.
      const validated = version ?? this.versions.get(uri) ?? 1;
      this.diagnosticVersions.set(uri, validated);
      this.diagnosticWaiters = this.diagnosticWaiters.filter((waiter) => {
        if (waiter.uri !== uri || (waiter.version !== -1 && waiter.version > validated)) return true;
        waiter.resolve(diagnostics);
        return false;
      });
    }
  }

  /** Answers the server's requests as VS Code does. */
  private answer(method: string, params: unknown): unknown {
    if (method === 'workspace/configuration') {
      const { items } = params as { items: { section?: string }[] };
      return items.map(({ section }) => (section === 'yaml' ? this.yamlSettings : section === 'editor' ? { tabSize: 2 } : null));
    }
    return null;
  }
}

/** The position of the `occurrence`-th (0-based) `needle` in `text`, plus `offset` characters. */
export function positionOf(text: string, needle: string, { occurrence = 0, offset = 0 }: { occurrence?: number; offset?: number } = {}): Position {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`"${needle}" (occurrence ${occurrence}) is not in the text`);
  }
  const before = text.slice(0, index + offset);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}

/** The documentation of a completion item as plain text. */
export function documentationOf(item: CompletionItem): string {
  return typeof item.documentation === 'string' ? item.documentation : (item.documentation?.value ?? '');
}
