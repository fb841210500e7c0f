/**
 * The publish journal: one file in the server's state folder recording how far the publish under
 * way got, written (atomically: a new file renamed over the old) before each step's effects can be
 * seen elsewhere. It is also the lock: while it exists, no other publish starts. After a crash the
 * server reads it when it starts again and finishes what the journal says reached main, or drops
 * what did not (publisher.ts, recover).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/**
 * The steps, in order: `merged` (a commit made in the publish's own clone, nothing shared yet),
 * `checked` (its content has no errors), `built`, `pushed` (main on the remote is the commit: the
 * point of no return), `deployed` (the live site is it); then it is tagged and the journal removed.
 */
export const JOURNAL_STEPS = ['started', 'merged', 'checked', 'built', 'pushed', 'deployed'] as const;
export type JournalStep = (typeof JOURNAL_STEPS)[number];

export const JournalSchema = z.object({
  step: z.enum(JOURNAL_STEPS),
  /** What is published: a draft (`drafts/<id>`), or an earlier version put back (`published/3`). */
  what: z.string(),
  /** The publisher, as editors.yaml names them. */
  by: z.object({ name: z.string(), email: z.string() }),
  startedAt: z.string(),
  /** The commit that becomes main, once made. */
  commit: z.string().optional(),
  /** The folder of its built site, once built. */
  build: z.string().optional(),
  /** A rollback: the tag whose build goes live again. */
  restores: z.string().optional(),
  /** Why the last attempt stopped after main moved (the deploy failed): "Publish again" finishes it. */
  failed: z.string().optional(),
});
export type Journal = z.infer<typeof JournalSchema>;

/** Written and flushed to the disk before it is renamed into place: a power cut leaves the old entry or the new. */
function writeDurably(file: string, text: string, flag: 'w' | 'wx'): void {
  const fd = openSync(file, flag);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export class JournalFile {
  readonly file: string;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'journal.json');
  }

  read(): Journal | null {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return null;
    }
    return JournalSchema.parse(JSON.parse(text) as unknown);
  }

  /** The first entry: fails when a journal is already there (another publish holds the lock). */
  start(entry: Journal): boolean {
    try {
      writeDurably(this.file, JSON.stringify(entry), 'wx');
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  write(entry: Journal): void {
    const next = `${this.file}.next`;
    writeDurably(next, JSON.stringify(entry), 'w');
    renameSync(next, this.file);
  }

  /** The publish is over (done, or nothing of it reached main): the lock is free. */
  clear(): void {
    rmSync(this.file, { force: true });
  }
}

/** A publish the server dropped when it started again (it had not reached main): shown to the publishers until the next publish or until one dismisses it. */
export const DroppedSchema = z.object({
  what: z.string(),
  by: z.object({ name: z.string(), email: z.string() }),
  startedAt: z.string(),
  /** A rollback: the tag it was putting back. */
  restores: z.string().optional(),
});
export type Dropped = z.infer<typeof DroppedSchema>;

/** The record of the last dropped publish, in the state folder beside the journal. */
export class DroppedFile {
  private readonly file: string;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'dropped.json');
  }

  read(): Dropped | null {
    try {
      return DroppedSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')) as unknown);
    } catch {
      return null;
    }
  }

  write(entry: Dropped): void {
    const next = `${this.file}.next`;
    writeDurably(next, JSON.stringify(entry), 'w');
    renameSync(next, this.file);
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
