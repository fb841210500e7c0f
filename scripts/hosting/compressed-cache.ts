/**
 * Compressed copies of the files a site handler sends (serve.ts), bounded by their bytes: a file is
 * compressed once per version, the copy of an older version is dropped as soon as a newer one is
 * made, and past the budget the copies used longest ago go first. The hosted editor serves a new
 * build of a draft after every save, so without a bound each save-and-view of a large page kept
 * another megabyte for good.
 */

/** 32 MB: every text file of a large site's build, compressed, several times over. */
export const DEFAULT_COMPRESSED_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: string;
  data: Promise<Buffer>;
  /** 0 until the compression is done. */
  bytes: number;
}

export class CompressedCache {
  /** By file and encoding; a Map keeps insertion order, so the first entry is the one used longest ago. */
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly maxBytes = DEFAULT_COMPRESSED_BYTES) {}

  /** The bytes the finished copies hold now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The copy of `file` at `version` in `encoding`, made by `make` when there is none. */
  get(file: string, version: string, encoding: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${file}\0${encoding}`;
    const found = this.entries.get(key);
    if (found && found.version === version) {
      // Used now: to the end of the order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.data;
    }
    // Another version of the file (the one before a save): never asked for again.
    if (found) this.remove(key, found);
    const entry: Entry = { version, data: make(), bytes: 0 };
    this.entries.set(key, entry);
    entry.data.then(
      (data) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = data.length;
        this.total += data.length;
        this.evict();
      },
      () => {
        // A file that could not be read is tried again at the next request.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.data;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Drops the copies used longest ago until the rest fit the budget (one larger than it is not kept). */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.remove(key, entry);
    }
  }
}
