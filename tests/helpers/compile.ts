/**
 * TypeScript's errors for a file that exists only in memory at `file` (its relative imports lead to
 * the real project): how the tests show that a mistake does not compile.
 */
import path from 'node:path';
import ts from 'typescript';

export interface CompileOptions {
  /** Ambient types to load (e.g. vite/client); none by default. */
  types?: string[];
  /** Prefix each error with its line number in `source`. */
  lines?: boolean;
}

export function diagnosticsOf(file: string, source: string, { types = [], lines = false }: CompileOptions = {}): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const sourceFile = program.getSourceFile(file)!;
  return ts.getPreEmitDiagnostics(program, sourceFile).map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    return lines ? `${sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: ${text}` : text;
  });
}
