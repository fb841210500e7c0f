/**
 * Publishing a draft, one at a time, in the publish's own clone of the site's repository
 * (<state>/publish/clone): bring main into the draft's reviewed commit (never its branch's later
 * ones) with a merge by field (field-merge.ts), refused when that commit is no longer the draft or
 * the merge would publish other than the review showed; check the content, build it with the code
 * this server runs, push main as a fast-forward (never forced), put the build live (deploy.ts) and
 * tag it `published/N`. Rolling back puts an earlier published build live again, byte for byte,
 * with a new commit on main that restores that version's content, so the history keeps everything
 * and the next publish starts from what is live. A push the remote refuses (a lock, a host's rule)
 * is said as such at once (push.ts); nothing with a link or a submodule is merged or built (links.ts).
 *
 * Every step is recorded in the journal (journal.ts) before its effects can be seen: after a crash,
 * `recover` drops a publish that had not reached main (nothing changed anywhere; the publishers are
 * shown it) and finishes one that had (build if needed, deploy, tag), so main and the live site
 * agree again.
 *
 * What the merge does to each file, and the rule for photos and other files: merge-plan.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentError } from '../../src/content/errors';
import type { ChangedFile, Decision, NewOrigin, PublishConflict, PublishedVersion, PublishResponse } from '../protocol/publish';
import { ContentCache } from '../../src/content/cache';
import { loadContent, type Content } from '../../src/content/load';
import { firebaseJsonText, writeFirebaseJson } from '../../scripts/hosting/firebase-json';
import { Refusal } from '../server/http';
import { GitError } from '../repo/git';
import type { Person } from '../repo/repository';
import { draftRef, MAIN, PublishClone, PushRefused, TAG_PREFIX } from './clone';
import { codeDifferences } from './code-check';
import { DeployError, type Deployer } from './deploy';
import { DroppedFile, JOURNAL_STEPS, JournalFile, type Dropped, type Journal, type JournalStep } from './journal';
import { refuseContentLinks } from './links';
import { planMerge } from './merge-plan';
import { visibleChanges } from './visible';
import { lockNamed, pushRefusal, removeStaleRemoteLocks } from './push';
import { removeStaleLocks, type StaleLocks } from '../repo/stale-locks';
import { PublishedRecord } from './published-record';
import { PUBLISH } from '../errors';
import { systemClock, type Clock } from '../hosted/clock';
import { changedRoutes } from './compare-builds';
import { buildSite } from '../../scripts/builder/site-build';

export interface PublisherOptions {
  /** The code this server runs: it builds what is published. */
  root: string;
  stateDir: string;
  /** The site's repository (from the configuration only). */
  remote: string;
  /** Who commits and tags (the publisher is the author). */
  committer: Person;
  /** Where builds go live; null: publishing is not set up (README). */
  deployer: Deployer | null;
  log: (entry: Record<string, unknown>) => void;
  /**
   * Tests: told after each step is recorded in the journal. 'halt' stops the publish right there, as
   * a killed server would stop: nothing after it runs, not even the journal's clearing.
   */
  onStep?: (step: JournalStep, journal: Journal) => Promise<'halt' | void> | 'halt' | void;
  /** The server's clock (hosted/clock.ts): every build takes its date in India; records take its time. Default the computer's. */
  clock?: Clock;
}

/** What publishing a reviewed draft at a later time prepared: its merge checked and built ahead, for the date it goes live. */
export interface Prepared {
  /** main when it was prepared. */
  main: string;
  /** The merged content's tree: a publish whose merge gives the same tree (and date) puts this build live. */
  tree: string;
  /** The date in India it was built for. */
  today: string;
  /** The built site. */
  build: string;
}

/** What the update for a new date did: the pages whose HTML changed with the date, and whether it went live. */
export interface DateUpdateResult {
  commit: string;
  today: string;
  routes: string[];
  deployed: boolean;
}

/** The publish stopped as a killed server would (PublisherOptions.onStep): nothing more runs in this server. */
export class PublishHalted extends Error {
  constructor(step: JournalStep) {
    super(`Halted after ${step}`);
    this.name = 'PublishHalted';
  }
}

/** How often main may move under one publish before the publisher is asked to try again. */
const MERGE_ATTEMPTS = 3;
/** The builds kept for putting back live byte for byte: the newest versions' (older ones are built again). */
const KEPT_BUILDS = 20;

/** The first mistakes, where they are, for the publisher to pass on. */
/** "a mistake", "3 mistakes". */
function mistakeCount(errors: readonly ContentError[]): string {
  return errors.length === 1 ? 'a mistake' : `${errors.length} mistakes`;
}

function mistakesOf(errors: readonly ContentError[]): string {
  const listed = errors.slice(0, 3).map((error) => `${error.file}, line ${error.line}: ${error.message}`);
  return `${listed.join(' ')}${errors.length > 3 ? ` (and ${errors.length - 3} more)` : ''}`;
}

interface Merged {
  commit: string;
  files: string[];
  /** The merged content, read and checked once: the check, the build's hosting settings and firebase.json all take it. */
  content: Content;
}

type MergeResult = { kind: 'merged'; merged: Merged } | { kind: 'conflicts'; conflicts: PublishConflict[] } | { kind: 'nothing' };

/** What the publisher reviewed of a draft: its commit, and the digest of what the review showed (merge-plan.ts). */
export interface Reviewed {
  commit: string;
  digest: string;
}

/** The draft is not the commit the publisher reviewed (saved since, or its mark withdrawn). */
export function changedSinceReview(): Refusal {
  return PUBLISH.refusal('PUBLISH_DRAFT_CHANGED_SINCE_REVIEW');
}

/** Merged with main as it is now, the draft would publish something other than the review showed. */
function outcomeChanged(): Refusal {
  return PUBLISH.refusal('PUBLISH_LIVE_CHANGED_SINCE_REVIEW');
}

export class Publisher {
  readonly dir: string;
  readonly repo: PublishClone;
  readonly builds: string;
  private readonly journal: JournalFile;
  private readonly droppedFile: DroppedFile;
  private readonly liveFile: string;
  /** The versions this server published: the only tags it lists as versions and puts back live. */
  private readonly record: PublishedRecord;
  /** When this server started: a lock in the remote older than that is no push of this server's. */
  private readonly startedAt = Date.now();
  /** The clone's pages as last read (ContentCache): a publish reads and checks again only the files that changed. */
  private readonly contentCache: ContentCache;
  /** What this server is publishing now (one at a time); "halted" after a simulated kill. */
  private running: string | null = null;
  private readonly clock: Clock;

  constructor(private readonly options: PublisherOptions) {
    this.dir = path.join(options.stateDir, 'publish');
    this.repo = new PublishClone(path.join(this.dir, 'clone'), options.remote, options.committer);
    this.builds = path.join(this.dir, 'builds');
    this.journal = new JournalFile(this.dir);
    this.droppedFile = new DroppedFile(this.dir);
    this.liveFile = path.join(this.dir, 'live.json');
    this.record = new PublishedRecord(this.dir, this.builds);
    this.contentCache = new ContentCache(path.join(this.dir, 'content-cache'));
    this.clock = options.clock ?? systemClock;
  }

  /**
   * Removes the locks git stopped halfway left in the clone and in a remote on this disk, makes the
   * clone if it is not there, then finishes or drops a publish a crash interrupted.
   */
  async open(): Promise<void> {
    mkdirSync(this.builds, { recursive: true });
    this.logLocks('clone-lock-removed', removeStaleLocks(path.join(this.repo.dir, '.git'), this.startedAt));
    await this.repo.open();
    if (this.repo.localRemote) this.logLocks('remote-lock-removed', removeStaleRemoteLocks(this.options.remote, this.startedAt));
    // A state folder from before the record: the versions whose builds it kept are its own.
    this.record.adopt((await this.tagged()).map(({ tag, commit, at, what, by }) => ({ tag, commit, at, what, by })));
    await this.recover();
  }

  private logLocks(event: string, { removed, leftInUse }: StaleLocks): void {
    for (const lock of removed) this.options.log({ event, lock, reason: 'left by git stopped halfway before this server started' });
    for (const lock of leftInUse) this.options.log({ event: event.replace(/-removed$/, '-kept'), lock, reason: 'another program is working in the repository' });
  }

  /** main, the drafts and the published tags as the remote has them now (or at most `maxAgeMs` ago). */
  fetch(maxAgeMs = 0): Promise<void> {
    return this.repo.fetch(maxAgeMs);
  }

  /** Whether this server puts the site live (a deployer is set up). */
  deploys(): boolean {
    return this.options.deployer !== null;
  }

  /** What is being published now, if anything. */
  busy(): string | null {
    return this.running;
  }

  /** A publish that reached main but not the live site (its deploy failed): "Publish again" finishes it. */
  unfinished(): { what: string; failed: string | null } | null {
    const journal = this.journal.read();
    if (!journal || this.running) return null;
    return { what: journal.what, failed: journal.failed ?? null };
  }

  /** One publish at a time: refused while another runs or an unfinished one waits for "Publish again". */
  private take(what: string, resuming = false): void {
    if (this.running) {
      throw PUBLISH.refusal('PUBLISH_BUSY', { running: this.running });
    }
    if (!this.options.deployer) {
      throw PUBLISH.refusal('PUBLISH_NOT_SET_UP');
    }
    if (!resuming && this.journal.read()) {
      throw PUBLISH.refusal('PUBLISH_UNFINISHED');
    }
    this.running = what;
  }

  private release(): void {
    if (this.running !== 'halted') this.running = null;
  }

  /** Records the step, then lets a test look (or stop there, as a kill would). */
  private async step(journal: Journal, step: JournalStep): Promise<Journal> {
    const next = { ...journal, step };
    this.journal.write(next);
    if ((await this.options.onStep?.(step, next)) === 'halt') {
      this.running = 'halted';
      throw new PublishHalted(step);
    }
    return next;
  }

  /** A publish dropped by a restart during it, until the next publish or until a publisher dismisses it. */
  dropped(): Dropped | null {
    return this.droppedFile.read();
  }

  dismissDropped(): void {
    this.droppedFile.clear();
  }

  /**
   * The draft's reviewed commit, published: merged with main by field, checked, built, pushed,
   * deployed, tagged. Refused when the draft is no longer that commit, or when merged with main as
   * it is now it would publish other than the review showed.
   */
  async publish(id: string, reviewed: Reviewed, by: Person, decisions: readonly Decision[] = [], prepared: Prepared | null = null): Promise<PublishResponse> {
    const what = `drafts/${id}`;
    this.take(what);
    let journal: Journal | null = null;
    try {
      await this.fetch();
      const draft = await this.repo.rev(draftRef(id));
      if (!draft) throw PUBLISH.refusal('PUBLISH_NO_SAVED_CHANGES');
      if (draft !== reviewed.commit) throw changedSinceReview();
      for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
        const main = (await this.repo.rev(MAIN))!;
        await this.refuseOtherCode(main);
        const merge = await this.merge(id, main, draft, by, decisions, reviewed.digest);
        if (merge.kind !== 'merged') return merge.kind === 'nothing' ? { nothing: true } : { conflicts: merge.conflicts };
        journal = this.start({ step: 'started', what, by, startedAt: this.clock.iso() });
        journal = await this.step({ ...journal, commit: merge.merged.commit }, 'merged');
        this.refuseContentErrors(merge.merged.content);
        journal = await this.step(journal, 'checked');
        journal = await this.step({ ...journal, build: await this.buildOrPrepared(merge.merged.commit, merge.merged.content, prepared) }, 'built');
        if (!(await this.pushMain(merge.merged.commit, 'nothing was published'))) {
          // main moved since the merge: merged again from the new main, never written over it.
          this.options.log({ event: 'publish-main-moved', draft: what });
          this.journal.clear();
          journal = null;
          await this.fetch();
          continue;
        }
        journal = await this.step(journal, 'pushed');
        const tag = await this.goLive(journal);
        await this.afterPublish(id, draft, merge.merged.commit);
        this.options.log({ event: 'published', draft: what, by: by.email, tag, commit: merge.merged.commit, files: merge.merged.files });
        return { published: tag };
      }
      throw PUBLISH.refusal('PUBLISH_MAIN_KEPT_CHANGING');
    } catch (error) {
      await this.failed(journal, error);
      throw error;
    } finally {
      this.release();
    }
  }

  /** main on the remote becomes `commit` (true), or main moved meanwhile (false); a refusal of the remote is said in words. */
  private async pushMain(commit: string, outcome: string): Promise<boolean> {
    try {
      return (await this.repo.push(commit, 'refs/heads/main')) === 'pushed';
    } catch (error) {
      throw this.refused(error, 'main', outcome);
    }
  }

  /** A push the remote refused, logged with git's answer and said in words; other errors as they are. */
  private refused(error: unknown, target: string, outcome: string): unknown {
    if (!(error instanceof PushRefused)) return error;
    this.options.log({ event: 'push-refused', ref: error.ref, kind: error.kind, reason: error.answer.message });
    return pushRefusal(error.kind, { target, outcome, localRemote: this.repo.localRemote, ref: error.ref, lock: lockNamed(error.answer.stderr, error.ref, this.options.remote) });
  }

  /** The journal's first entry, which takes the lock: refused when another publish holds it. */
  private start(journal: Journal): Journal {
    if (!this.journal.start(journal)) throw PUBLISH.refusal('PUBLISH_LOCKED');
    return journal;
  }

  /** After an error: a publish that had not reached main leaves nothing; one that had waits for "Publish again". */
  private async failed(journal: Journal | null, error: unknown): Promise<void> {
    if (error instanceof PublishHalted || !journal) return;
    // A push whose answer was lost may have reached main all the same.
    const pushedUnawares = journal.step === 'built' && (await this.fetch().then(async () => (await this.repo.rev(MAIN)) === journal.commit, () => false));
    const reached = pushedUnawares || JOURNAL_STEPS.indexOf(journal.step) >= JOURNAL_STEPS.indexOf('pushed');
    if (!reached) {
      this.journal.clear();
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    this.journal.write({ ...journal, failed: reason });
    this.options.log({ event: 'publish-deploy-failed', what: journal.what, reason });
  }

  /** The build goes live, then the version is tagged and the journal cleared. The tag's name. */
  private async goLive(journal: Journal): Promise<string> {
    const commit = journal.commit!;
    let build = journal.build;
    if (journal.step !== 'deployed') {
      if (!build || !existsSync(path.join(build, 'index.html'))) build = await this.buildCommit(commit);
      try {
        await this.options.deployer!.deploy(build, `${build}.firebase.json`);
      } catch (error) {
        if (!(error instanceof DeployError)) throw error;
        this.options.log({ event: 'deploy-failed', reason: error.message });
        throw PUBLISH.refusal('PUBLISH_DEPLOY_FAILED', { host: this.options.deployer!.name }, { publishAgain: true });
      }
      this.recordLive(commit, build);
      journal = await this.step({ ...journal, build }, 'deployed');
    }
    const tag = await this.tag(commit, journal);
    this.journal.clear();
    this.droppedFile.clear();
    await this.prune();
    return tag;
  }

  /** Removes the builds of versions older than the newest KEPT_BUILDS, never the live one. */
  private async prune(): Promise<void> {
    const tags = (await this.repo.git(['for-each-ref', '--format=%(refname:short) %(*objectname)', `refs/tags/${TAG_PREFIX}`])).split('\n').filter(Boolean);
    const newest = tags
      .map((line) => line.split(' ') as [string, string])
      .sort(([a], [b]) => Number(b.slice(TAG_PREFIX.length)) - Number(a.slice(TAG_PREFIX.length)))
      .slice(0, KEPT_BUILDS);
    const keep = new Set(newest.map(([, commit]) => commit));
    try {
      keep.add(path.basename((JSON.parse(readFileSync(this.liveFile, 'utf8')) as { build: string }).build));
    } catch {
      // Nothing recorded live: only the tags' builds are kept.
    }
    for (const entry of readdirSync(this.builds)) {
      const commit = /^([0-9a-f]{40})(\.firebase\.json|\.today)?$/.exec(entry)?.[1];
      if (commit && !keep.has(commit)) rmSync(path.join(this.builds, entry), { recursive: true, force: true });
    }
  }

  /** Tags the published commit `published/N` (the next number), unless a crash left it tagged already. */
  private async tag(commit: string, journal: Journal): Promise<string> {
    await this.fetch();
    const recorded = (tag: string) => {
      this.record.add(commit, { tag, what: journal.restores ? `${journal.restores} put back` : journal.what, by: journal.by, at: new Date().toISOString() });
      return tag;
    };
    // A crash after the tag was pushed: the commit is this publish's, whoever's tag names it.
    const existing = (await this.repo.git(['tag', '--list', `${TAG_PREFIX}*`, '--points-at', commit])).split('\n').filter(Boolean);
    if (existing.length > 0) return recorded(this.record.of(commit)?.tag || existing[0]!);
    const message = journal.restores ? `${journal.restores} put back live by ${journal.by.name} <${journal.by.email}>` : `${journal.what} published by ${journal.by.name} <${journal.by.email}>`;
    for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
      const tag = `${TAG_PREFIX}${(await this.lastNumber()) + 1}`;
      await this.repo.git(['tag', '--annotate', '--file=-', tag, commit], this.repo.commitEnv(journal.by), `${message}\n`);
      let pushed: 'pushed' | 'moved';
      try {
        pushed = await this.repo.push(`refs/tags/${tag}`, `refs/tags/${tag}`);
      } catch (error) {
        await this.repo.git(['tag', '--delete', tag]);
        throw this.refused(error, 'the list of published versions', 'the new version is live but not yet recorded as published ("Publish again" records it)');
      }
      if (pushed === 'pushed') return recorded(tag);
      // Someone took that number meanwhile: the next one.
      await this.repo.git(['tag', '--delete', tag]);
      await this.fetch();
    }
    throw new Error(`The published version ${commit} could not be tagged.`);
  }

  private async lastNumber(): Promise<number> {
    const tags = (await this.repo.git(['tag', '--list', `${TAG_PREFIX}*`])).split('\n').filter(Boolean);
    return Math.max(0, ...tags.map((tag) => Number(tag.slice(TAG_PREFIX.length))).filter(Number.isInteger));
  }

  /** The published draft's branch moves to the published commit (a fast-forward), so it shows what is live; skipped if it moved. */
  private async afterPublish(id: string, draft: string, commit: string): Promise<void> {
    let reason = 'it moved during the publish';
    try {
      if ((await this.repo.push(commit, `refs/heads/drafts/${id}`)) === 'pushed') return;
    } catch (error) {
      // Published all the same: the draft only keeps its own commits until its editor's next save.
      if (!(error instanceof PushRefused) && !(error instanceof GitError)) throw error;
      reason = error.message;
    }
    this.options.log({ event: 'draft-kept', draft: `drafts/${id}`, was: draft, reason });
  }

  /** Why nothing can be published now (main's code is not this server's), in the publisher's words; null when it can. */
  async codeRefusal(main?: string): Promise<Refusal | null> {
    const commit = main ?? (await this.repo.rev(MAIN));
    if (!commit) return null;
    const differing = await codeDifferences(this.options.root, { cwd: this.repo.dir }, commit);
    if (differing.length === 0) return null;
    const named = differing.slice(0, 5).join(', ') + (differing.length > 5 ? ` and ${differing.length - 5} more` : '');
    return PUBLISH.refusal('PUBLISH_CODE_DIFFERS', { files: named });
  }

  private async refuseOtherCode(main: string): Promise<void> {
    const refusal = await this.codeRefusal(main);
    if (!refusal) return;
    this.options.log({ event: 'publish-refused', reason: refusal.body.error });
    throw refusal;
  }

  private refuseContentErrors(content: Content): void {
    const { errors } = content;
    if (errors.length === 0) {
      const problems = this.options.deployer!.problems(this.repo.dir);
      if (problems.length === 0) return;
      throw PUBLISH.refusal('PUBLISH_SETTINGS_REFUSED', { host: this.options.deployer!.name, problems: problems.join('\n') });
    }
    throw PUBLISH.refusal('PUBLISH_PAGE_MISTAKES', { count: mistakeCount(errors), mistakes: mistakesOf(errors) });
  }

  /**
   * The clone's work tree, as read and checked once for this publish: its pages kept between
   * publishes, so only the files a publish changed are read and checked again.
   */
  private cloneContent(): Content {
    return loadContent({ root: this.repo.dir, cache: this.contentCache });
  }

  /**
   * The clone's work tree built for `today` (default: the clock's date in India) into `out` (default
   * builds/<commit>), with its hosting settings beside it (from `content`, the work tree as read
   * already, if given) and the date it was built for (`<out>.today`).
   */
  private async build(commit: string, content?: Content, { out = path.join(this.builds, commit), today = this.clock.todayInIndia() }: { out?: string; today?: string } = {}): Promise<string> {
    // Its links would be followed by the build: a commit with any is never built (links.ts).
    await refuseContentLinks(this.repo, commit);
    const result = await buildSite({ root: this.options.root, today, contentRoot: this.repo.dir, outDir: out, onWait: () => undefined });
    if (!result.ok) {
      throw PUBLISH.refusal('PUBLISH_BUILD_MISTAKES', { count: mistakeCount(result.errors), mistakes: mistakesOf(result.errors) });
    }
    content ??= this.cloneContent();
    writeFileSync(`${out}.firebase.json`, content.site ? firebaseJsonText({ ...content, site: content.site }) : readFileSync(path.join(this.options.root, 'firebase.json'), 'utf8'));
    writeFileSync(`${out}.today`, today);
    return out;
  }

  /** The date in India a build of this server's was made for; null when it does not say. */
  private builtFor(build: string): string | null {
    try {
      return readFileSync(`${build}.today`, 'utf8');
    } catch {
      return null;
    }
  }

  /**
   * The merged commit's build: the one prepared ahead (a scheduled publish) when the merge gives the
   * same content as it did then and today is the date it was built for, moved into place as it is
   * (byte for byte what was prepared); else built now.
   */
  private async buildOrPrepared(commit: string, content: Content, prepared: Prepared | null): Promise<string> {
    if (prepared && existsSync(path.join(prepared.build, 'index.html'))) {
      const tree = (await this.repo.git(['rev-parse', `${commit}^{tree}`])).trim();
      if (tree === prepared.tree && prepared.today === this.clock.todayInIndia()) {
        await refuseContentLinks(this.repo, commit);
        const out = path.join(this.builds, commit);
        rmSync(out, { recursive: true, force: true });
        for (const suffix of ['', '.firebase.json', '.today']) renameSync(`${prepared.build}${suffix}`, `${out}${suffix}`);
        return out;
      }
      this.options.log({ event: 'prepared-build-not-used', commit, reason: tree === prepared.tree ? `built for ${prepared.today}` : 'main changed since it was prepared' });
    }
    return this.build(commit, content);
  }

  /** What the live site is, as this server last put it live: the commit, the build and the date it was built for. */
  private live(): { commit: string; build: string; today?: string } | null {
    try {
      return JSON.parse(readFileSync(this.liveFile, 'utf8')) as { commit: string; build: string; today?: string };
    } catch {
      return null;
    }
  }

  /** `build` of `commit` is live now. The build it replaces goes when it was an update's for a date (no version puts it back). */
  private recordLive(commit: string, build: string): void {
    const before = this.live()?.build;
    const today = this.builtFor(build);
    writeFileSync(this.liveFile, JSON.stringify({ commit, build, at: this.clock.iso(), ...(today ? { today } : {}) }));
    if (before && before !== build && /-\d{4}-\d{2}-\d{2}$/.test(before)) this.removeBuild(before);
  }

  /** The date in India the live site was built for, as this server put it live; null when it does not know. */
  liveDate(): string | null {
    return this.live()?.today ?? null;
  }

  /**
   * A reviewed draft checked and built ahead for a publish at a later time, built for the date in
   * India it goes live (`today`) into `out`: refused as publishing it now would be (the draft moved,
   * the review's digest no longer what merging gives, fields to decide, mistakes, main's code not
   * this server's). Nothing is shared: main, the live site and the tags do not change.
   */
  async prepare(id: string, reviewed: Reviewed, by: Person, today: string, out: string): Promise<Prepared> {
    this.take(`drafts/${id}`);
    try {
      await this.fetch();
      const draft = await this.repo.rev(draftRef(id));
      if (!draft) throw PUBLISH.refusal('PUBLISH_NO_SAVED_CHANGES');
      if (draft !== reviewed.commit) throw changedSinceReview();
      const main = (await this.repo.rev(MAIN))!;
      await this.refuseOtherCode(main);
      const merge = await this.merge(id, main, draft, by, [], reviewed.digest);
      if (merge.kind === 'nothing') throw PUBLISH.refusal('PUBLISH_NOTHING_TO_REVIEW');
      if (merge.kind === 'conflicts') throw PUBLISH.refusal('PUBLISH_SCHEDULE_CONFLICTS');
      this.refuseContentErrors(merge.merged.content);
      rmSync(out, { recursive: true, force: true });
      const build = await this.build(merge.merged.commit, merge.merged.content, { out, today });
      const tree = (await this.repo.git(['rev-parse', `${merge.merged.commit}^{tree}`])).trim();
      return { main, tree, today, build };
    } finally {
      this.release();
    }
  }

  /**
   * The live site kept true to the date: the commit that is live (main, as the last publish left it;
   * main itself when this server put nothing live yet) built for `today` as publishing builds it,
   * compared with what is live, and put live only when some file differs. A commit pushed to main
   * outside the editor waits for the next publish: only the date changes what goes live here.
   * Refused as a publish is (another under way, an unfinished one, the code not this server's).
   */
  async updateForDate(today: string): Promise<DateUpdateResult> {
    this.take('the update for the new date');
    try {
      await this.fetch();
      const live = this.live();
      const commit = live?.commit ?? (await this.repo.rev(MAIN))!;
      await this.refuseOtherCode(commit);
      const out = path.join(this.builds, `${commit}-${today}`);
      if (live && live.build === out && existsSync(path.join(out, 'index.html'))) return { commit, today, routes: [], deployed: false };
      await refuseContentLinks(this.repo, commit);
      await this.repo.git(['checkout', '--quiet', '--detach', '--force', commit]);
      await this.repo.git(['clean', '--quiet', '-d', '--force', '--', 'pages', 'public']);
      rmSync(out, { recursive: true, force: true });
      await this.build(commit, undefined, { out, today });
      const changed = live && existsSync(live.build) ? changedRoutes(live.build, out) : { routes: [], others: 1 };
      const deployed = changed.routes.length > 0 || changed.others > 0;
      if (!deployed) {
        this.removeBuild(out);
        // What is live is also what `today` makes: a start on this date has nothing to update.
        if (live) writeFileSync(this.liveFile, JSON.stringify({ ...live, today }));
        return { commit, today, routes: [], deployed };
      }
      try {
        await this.options.deployer!.deploy(out, `${out}.firebase.json`);
      } catch (error) {
        if (!(error instanceof DeployError)) throw error;
        this.options.log({ event: 'deploy-failed', reason: error.message });
        throw PUBLISH.refusal('PUBLISH_DATE_DEPLOY_FAILED', { host: this.options.deployer!.name });
      }
      this.recordLive(commit, out);
      return { commit, today, routes: changed.routes, deployed };
    } finally {
      this.release();
    }
  }

  /** A build of this server's and what lies beside it. */
  removeBuild(build: string): void {
    for (const suffix of ['', '.firebase.json', '.today']) rmSync(`${build}${suffix}`, { recursive: true, force: true });
  }

  /** Builds a commit that has no build here (after a restart that lost it, or main never published here). */
  private async buildCommit(commit: string): Promise<string> {
    await refuseContentLinks(this.repo, commit);
    await this.repo.git(['checkout', '--quiet', '--detach', '--force', commit]);
    await this.repo.git(['clean', '--quiet', '-d', '--force', '--', 'pages', 'public']);
    return this.build(commit);
  }

  /**
   * The draft merged into main in the clone's work tree, as one merge commit by the publisher whose
   * parents are main and the draft (so every editor's commit stays in main's history).
   */
  private async merge(id: string, main: string, draft: string, by: Person, decisions: readonly Decision[], digest: string): Promise<MergeResult> {
    if (await this.repo.isAncestor(draft, main)) return { kind: 'nothing' };
    // What the review showed is the plan with no decision taken.
    const shown = await planMerge(this.repo, main, draft);
    if (shown.digest !== digest) throw outcomeChanged();
    const plan = decisions.length > 0 ? await planMerge(this.repo, main, draft, decisions) : shown;
    if (plan.conflicts.length > 0) return { kind: 'conflicts', conflicts: plan.conflicts };
    await this.repo.git(['checkout', '--quiet', '--detach', '--force', main]);
    await this.repo.git(['clean', '--quiet', '-d', '--force', '--', 'pages', 'public']);
    for (const file of plan.files) {
      if (file.source === 'draft') await this.repo.git(['checkout', '--quiet', draft, '--', file.file]);
      else if (file.source === 'remove') await this.repo.git(['rm', '--quiet', '--force', '--ignore-unmatch', '--', file.file]);
      else if (file.source === 'text') {
        mkdirSync(path.dirname(path.join(this.repo.dir, file.file)), { recursive: true });
        writeFileSync(path.join(this.repo.dir, file.file), file.text);
      }
    }
    await this.repo.git(['add', '--all', '--', 'pages', 'public']);
    const content = await this.updateFirebaseJson();
    const tree = (await this.repo.git(['write-tree'])).trim();
    const decided = decisions.length > 0 ? `\nDecided by ${by.name}: ${plan.decided.join('; ')}.\n` : '';
    const message = `Publish drafts/${id}: ${plan.changed.join(', ')}\n\nPublished by ${by.name} <${by.email}>.\n${decided}`;
    const commit = (await this.repo.git(['commit-tree', tree, '-p', main, '-p', draft, '-F', '-'], this.repo.commitEnv(by), message)).trim();
    await this.repo.git(['update-ref', '--no-deref', 'HEAD', commit]);
    return { kind: 'merged', merged: { commit, files: plan.changed, content } };
  }

  /** firebase.json as the merged content makes it (its redirects, its frame sources), as `npm run check` keeps it. */
  private async updateFirebaseJson(): Promise<Content> {
    const content = this.cloneContent();
    // Content with mistakes is refused by the check that follows.
    if (content.errors.length > 0 || !content.site) return content;
    if (writeFirebaseJson(this.repo.dir, { ...content, site: content.site })) await this.repo.git(['add', '--', 'firebase.json']);
    return content;
  }

  /** The commit the draft's branch is at (as last fetched), or null when it has none. */
  draftHead(id: string): Promise<string | null> {
    return this.repo.rev(draftRef(id));
  }

  /**
   * The changes of the draft's commit `draft` as publishing it now would make them (read-only), and
   * the digest of what they show; null when main has it all already. Refusal for a draft that can
   * never be published as it is (a link, a file the editor never writes).
   */
  async preview(draft: string): Promise<{ files: ChangedFile[]; conflicts: PublishConflict[]; digest: string; origins: NewOrigin[] } | null> {
    const main = await this.repo.rev(MAIN);
    if (!main || (await this.repo.isAncestor(draft, main))) return null;
    const { review, conflicts, digest, origins, documents } = await planMerge(this.repo, main, draft);
    // As a visitor sees each change: made from the texts and blobs the digest covers.
    const files = await visibleChanges(this.repo, { main, draft }, review, documents);
    const nameOf = (file: string) => files.find((changed) => changed.file === file)?.shown.name ?? file;
    return { files, conflicts, digest, origins: origins.map(({ origin, files: from }) => ({ origin, by: from.map(nameOf) })) };
  }

  /** The files the draft's commit `draft` would change on the live site (read-only, nothing else worked out); null when main has it all. */
  async changedFiles(draft: string): Promise<string[] | null> {
    const main = await this.repo.rev(MAIN);
    if (!main || (await this.repo.isAncestor(draft, main))) return null;
    return (await planMerge(this.repo, main, draft)).changed;
  }

  /** The `published/N` tags of the repository, by number, newest first, with what their words say (anyone with push access writes those). */
  private async tagged(): Promise<{ tag: string; commit: string; at: string; what: string; by: Person }[]> {
    const lines = (await this.repo.git(['for-each-ref', '--format=%(refname:short)%00%(*objectname)%00%(creatordate:iso-strict)%00%(contents:subject)', `refs/tags/${TAG_PREFIX}`])).split('\n').filter(Boolean);
    const number = (line: string) => Number(line.slice(TAG_PREFIX.length, line.indexOf('\0')));
    // By number, newest first (two tags made within one second have the same date).
    return lines.sort((a, b) => number(b) - number(a)).map((line) => {
      const [tag = '', commit = '', at = '', subject = ''] = line.split('\0') as [string?, string?, string?, string?];
      const [what = subject, by = ''] = subject.split(/ (?:published|put back live) by /);
      const email = /<([^>]*)>$/.exec(by)?.[1] ?? '';
      return { tag, commit, at, what: subject.includes('put back live') ? `${what} put back` : what, by: { name: by.replace(/ <[^>]*>$/, ''), email } };
    });
  }

  /**
   * Every `published/N` tag, newest first, and which one is live. Only those whose commit this server
   * published are versions of the editor, with what and who as it recorded them; any other is listed
   * as such, with nothing of what its own words claim.
   */
  async versions(): Promise<PublishedVersion[]> {
    const live = this.liveCommit();
    return (await this.tagged()).map(({ tag, commit, at }) => {
      const made = this.record.of(commit);
      if (!made) return { tag, at, what: '', by: '', live: commit === live, fromEditor: false };
      return { tag, at: made.at, what: made.what, by: made.by.name, live: commit === live, fromEditor: true };
    });
  }

  /** The commit the live site shows, as the last deploy from this server recorded it. */
  liveCommit(): string | null {
    try {
      return (JSON.parse(readFileSync(this.liveFile, 'utf8')) as { commit: string }).commit;
    } catch {
      return null;
    }
  }

  /** An earlier published version live again: its build, byte for byte, and a commit on main restoring its content. */
  async rollback(tag: string, by: Person): Promise<string> {
    if (!new RegExp(`^${TAG_PREFIX}[1-9][0-9]*$`).test(tag)) throw PUBLISH.refusal('PUBLISH_NOT_A_VERSION', { tag });
    this.take(tag);
    let journal: Journal | null = null;
    try {
      await this.fetch();
      const target = await this.repo.rev(`refs/tags/${tag}`);
      if (!target) throw PUBLISH.refusal('PUBLISH_NO_SUCH_VERSION', { tag });
      // A tag this server did not publish was never reviewed: its content goes live only through a draft and a review.
      if (!this.record.of(target)) throw PUBLISH.refusal('PUBLISH_VERSION_NOT_FROM_EDITOR', { tag });
      // Its build may be kept (and not built again): its content is checked for links here.
      await refuseContentLinks(this.repo, target);
      for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
        const main = (await this.repo.rev(MAIN))!;
        await this.refuseOtherCode(main);
        // main's code, the tag's content.
        await this.repo.git(['checkout', '--quiet', '--detach', '--force', main]);
        await this.repo.git(['rm', '-r', '--quiet', '--force', '--ignore-unmatch', '--', 'pages', 'public']);
        await this.repo.git(['clean', '--quiet', '-d', '--force', '--', 'pages', 'public']);
        await this.repo.git(['checkout', '--quiet', target, '--', 'pages']);
        if (await this.repo.objectAt(target, 'public')) await this.repo.git(['checkout', '--quiet', target, '--', 'public']);
        const content = await this.updateFirebaseJson();
        const tree = (await this.repo.git(['write-tree'])).trim();
        const message = `Put ${tag} back live\n\nRolled back by ${by.name} <${by.email}>: the pages and files of ${tag}, the code of main.\n`;
        const commit = (await this.repo.git(['commit-tree', tree, '-p', main, '-F', '-'], this.repo.commitEnv(by), message)).trim();
        await this.repo.git(['update-ref', '--no-deref', 'HEAD', commit]);
        const kept = path.join(this.builds, target);
        journal = this.start({ step: 'started', what: `${tag} put back`, by, startedAt: this.clock.iso(), restores: tag });
        journal = await this.step({ ...journal, commit }, 'merged');
        journal = await this.step(journal, 'checked');
        // The version's own build when this server kept it (byte for byte what was live) and it was built for today; else built again.
        const build = existsSync(path.join(kept, 'index.html')) && this.builtFor(kept) === this.clock.todayInIndia() ? kept : await this.build(commit, content);
        journal = await this.step({ ...journal, build }, 'built');
        if (!(await this.pushMain(commit, 'nothing was put back live'))) {
          this.journal.clear();
          journal = null;
          await this.fetch();
          continue;
        }
        journal = await this.step(journal, 'pushed');
        const published = await this.goLive(journal);
        this.options.log({ event: 'rolled-back', to: tag, by: by.email, tag: published, commit });
        return published;
      }
      throw PUBLISH.refusal('PUBLISH_ROLLBACK_MAIN_KEPT_CHANGING');
    } catch (error) {
      await this.failed(journal, error);
      throw error;
    } finally {
      this.release();
    }
  }

  /** "Publish again": finishes the publish that reached main but not the live site. */
  async publishAgain(): Promise<string> {
    const journal = this.journal.read();
    if (!journal) throw PUBLISH.refusal('PUBLISH_NOTHING_UNFINISHED');
    this.take(journal.what, true);
    try {
      return await this.goLive(journal);
    } catch (error) {
      await this.failed(journal, error);
      throw error;
    } finally {
      this.release();
    }
  }

  /**
   * After a start: a publish the journal shows had not reached main is dropped (main and the live
   * site were not changed by it); one that had is finished (built if need be, deployed, tagged).
   */
  async recover(): Promise<void> {
    const journal = this.journal.read();
    if (!journal) return;
    await this.fetch();
    const main = await this.repo.rev(MAIN);
    const reached = JOURNAL_STEPS.indexOf(journal.step) >= JOURNAL_STEPS.indexOf('pushed') || (journal.commit !== undefined && main === journal.commit);
    if (!reached) {
      // Shown to the publishers (the review's `dropped`), so nobody takes it for published.
      this.droppedFile.write({ what: journal.what, by: journal.by, startedAt: journal.startedAt, ...(journal.restores ? { restores: journal.restores } : {}) });
      this.journal.clear();
      this.options.log({ event: 'publish-dropped', what: journal.what, step: journal.step, reason: 'the server stopped before it reached main; nothing changed' });
      return;
    }
    if (!this.options.deployer) return;
    this.running = journal.what;
    try {
      const tag = await this.goLive({ ...journal, step: journal.step === 'deployed' ? 'deployed' : 'pushed' });
      this.options.log({ event: 'publish-finished', what: journal.what, tag });
    } catch (error) {
      await this.failed({ ...journal, step: 'pushed' }, error);
      this.options.log({ event: 'publish-unfinished', what: journal.what, reason: error instanceof Error ? error.message : String(error) });
    } finally {
      this.release();
    }
  }

  /** On this computer, before the first publish: main built and put live as it is. */
  async liveFromMain(): Promise<void> {
    if (!this.options.deployer) return;
    this.take('main');
    try {
      await this.fetch();
      const main = (await this.repo.rev(MAIN))!;
      const build = await this.buildCommit(main);
      await this.options.deployer.deploy(build, `${build}.firebase.json`);
      this.recordLive(main, build);
    } finally {
      this.release();
    }
  }
}
