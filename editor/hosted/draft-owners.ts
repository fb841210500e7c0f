/**
 * Whose each draft is, across every version of editors.yaml. A draft's name comes from its editor's
 * address (editorId), and two addresses can give one name (`sam.k@` and `sam-k@`): parseEditors
 * refuses a list in which two listed people would share one, but it sees one version of the list. A
 * person removed and another added later under an address giving the same name would inherit the
 * first one's draft, its "ready for review" mark and its preview. So the owner of each draft is kept
 * in the state folder (draft-owners.json), and for a draft this server has not recorded (a new state
 * folder), it is the first author of the draft's own commits on the site's repository whose address
 * names that draft (a publisher mending a draft with git, or anyone pushing to it, names another: they
 * own nothing by it). A person whose name is someone else's draft gets a fresh name (`sam-k-example-com-2`).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { EDITOR } from '../errors';
import { editorId } from '../repo/editors';
import { Queue } from '../repo/git';

const OwnersSchema = z.object({ owners: z.record(z.string(), z.string()) });

/** How many other names are tried for one address before it is refused (a hundred people removed under one name). */
const MOST_NAMES = 100;

export class DraftOwners {
  /** Draft id → the address that owns it (lowercase). */
  private owners: Record<string, string> = {};
  private readonly turns = new Queue();

  constructor(
    private readonly file: string,
    /** The authors' addresses of the draft's own commits on the site's repository, oldest first. */
    private readonly authorsOf: (id: string) => Promise<string[]>,
  ) {
    if (existsSync(file)) {
      const parsed = OwnersSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
      // A damaged file is learnt again from the repository's drafts.
      if (parsed.success) this.owners = parsed.data.owners;
    }
  }

  /** The draft of `email` as recorded, without asking the repository (undefined before its first request). */
  known(email: string): string | undefined {
    const address = email.toLowerCase();
    return Object.keys(this.owners).find((id) => this.owners[id] === address);
  }

  /** The draft of `email`: its own name when that draft is free or theirs, else the first free one after it. */
  draftOf(email: string): Promise<string> {
    const known = this.known(email);
    if (known !== undefined) return Promise.resolve(known);
    return this.turns.run(async () => {
      const address = email.toLowerCase();
      const base = editorId(address);
      for (let index = 1; index <= MOST_NAMES; index++) {
        const id = index === 1 ? base : `${base.slice(0, 96).replace(/-+$/, '')}-${index}`;
        const owner = this.owners[id] ?? (await this.authorsOf(id)).map((author) => author.toLowerCase()).find((author) => editorId(author) === base) ?? null;
        if (owner === null || owner === address) {
          this.record(id, address);
          return id;
        }
        // Someone else's: kept as theirs, so that it is not asked again.
        this.record(id, owner);
      }
      throw EDITOR.refusal('EDITOR_NO_DRAFT_NAME');
    });
  }

  private record(id: string, address: string): void {
    if (this.owners[id] === address) return;
    this.owners[id] = address;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ owners: this.owners }));
    renameSync(temporary, this.file);
  }
}
