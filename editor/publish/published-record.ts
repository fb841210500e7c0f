/**
 * The versions this server published, kept in its state folder (publish/published.json): for each
 * commit it put live (a reviewed draft, or a version put back), what it was, who published it and
 * when. A `published/N` tag is a version of the editor only when its commit is here: anyone with push
 * access can push such a tag, and its words ("published by Meera Publisher") are theirs to write, so
 * the list of versions reads who and what from here, shows any other tag as not published from the
 * editor, and never puts one back live (publisher.ts). Read once, then kept in memory; one entry per
 * publish, as small as the tags themselves.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

const PublishedSchema = z.object({
  tag: z.string(),
  /** What it published: `drafts/<id>`, or `published/N put back`. */
  what: z.string(),
  by: z.object({ name: z.string(), email: z.string() }),
  at: z.string(),
});
const RecordSchema = z.object({ versions: z.record(z.string(), PublishedSchema) });

export type Published = z.infer<typeof PublishedSchema>;

export class PublishedRecord {
  private readonly file: string;
  /** By commit. */
  private versions: Record<string, Published> | null = null;

  constructor(
    dir: string,
    /** Where this server keeps its builds, one folder per commit it built to put live. */
    private readonly builds: string,
  ) {
    this.file = path.join(dir, 'published.json');
  }

  /** What this server recorded of the version at `commit`, or undefined when it did not publish it. */
  of(commit: string): Published | undefined {
    return this.read()[commit];
  }

  /** `commit` went live from this server, as `tag`. */
  add(commit: string, published: Published): void {
    this.read()[commit] = published;
    this.save();
  }

  /**
   * A server from before this record started one: the versions whose build it kept (builds/<commit>,
   * in its own state folder) are the ones it published; `tags` says their tag, words and time.
   */
  adopt(tags: readonly { tag: string; commit: string; what: string; by: Published['by']; at: string }[]): void {
    if (existsSync(this.file)) return;
    const built = new Set(existsSync(this.builds) ? readdirSync(this.builds).filter((entry) => /^[0-9a-f]{40}$/.test(entry)) : []);
    const versions: Record<string, Published> = {};
    for (const { commit, ...published } of tags) if (built.has(commit)) versions[commit] = published;
    this.versions = versions;
    this.save();
  }

  private save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.next`, JSON.stringify({ versions: this.read() }));
    renameSync(`${this.file}.next`, this.file);
  }

  private read(): Record<string, Published> {
    if (this.versions) return this.versions;
    try {
      this.versions = RecordSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')) as unknown).versions;
    } catch {
      // None yet (or damaged): no tag is taken for this server's until it publishes.
      this.versions = {};
    }
    return this.versions;
  }
}
