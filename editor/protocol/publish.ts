/**
 * The hosted editor's publishing API (`npm run editor-server`, /_editor/api/publish/…): an editor
 * marks their draft ready for review; a publisher sees the ready drafts with what they would change
 * on the live site, publishes one (deciding the fields two people changed), puts an earlier
 * published version back live, or finishes a publish that reached main but not the live site.
 */

/** The same field changed two ways, live and in the draft: a publisher chooses one. */
export interface PublishConflict {
  /** Names this conflict with its two values; a decision is for exactly what was shown. */
  key: string;
  file: string;
  /** The field: `meta.title`, `sections[1].items`; '' for the whole page. */
  where: string;
  /** Each side's value as YAML; null when that side removed it. */
  live: string | null;
  draft: string | null;
}

export type Choice = 'live' | 'draft';

export interface Decision {
  key: string;
  choice: Choice;
}

/** A photo that changes: small pictures (data: URLs) of it live and as published; null when that side has none. */
export interface PhotoChange {
  /** Its description, else its file's name. */
  label: string;
  before: string | null;
  after: string | null;
  /** In how many places of the page exactly this change is made (a photo repeated in a gallery): shown once. */
  times: number;
}

/**
 * A place a visitor is sent to, or something a page loads: a link or button with its address, a frame
 * of another site (a map) with its address, a file of the site (a PDF, a video). `before`/`after`:
 * its address live and as published; null when that side has none.
 */
export interface AddressChange {
  kind: 'link' | 'embed' | 'file';
  /** Its words ("Enquire now"), a map's title. */
  label: string;
  before: string | null;
  after: string | null;
  /** In how many places of the page exactly this change is made: shown once. */
  times: number;
}

/** What a review leaves out to stay small (a page of thousands of entries): counted, and said. */
export interface LeftOut {
  paragraphs: number;
  photos: number;
  addresses: number;
}

/** A changed file as a visitor sees the change (editor/publish/visible.ts). */
export interface VisibleChange {
  /** What a visitor calls it: a page's heading ("ETABS V-22"), "The whole site", a photo's file name. */
  name: string;
  /** A page's address ("/etabs"); null for the rest. */
  route: string | null;
  kind: 'page' | 'site' | 'photo' | 'file';
  /**
   * The text a visitor reads, one entry per heading, paragraph or list item, then the page's settings
   * in words ("Search title: …", "Course duration: …", "Other addresses that lead here: …"), live and
   * as published; null when that side has no page. Of a changed page, only from its first changed
   * entry to its last: `unchanged` counts the entries left out before and after.
   */
  before: string[] | null;
  after: string[] | null;
  unchanged: { head: number; tail: number };
  photos: PhotoChange[];
  /** Of a new page, every link, frame and file; of a changed one, those that change. */
  addresses: AddressChange[];
  leftOut: LeftOut;
  /** What changes, in words for the summary: "text", "photo", "link", "map or other site shown in the page", "search and sharing", "the menu", "new page"… */
  what: string[];
}

/** A site the published site would load content from that the live site does not (its policy gains it). */
export interface NewOrigin {
  /** `https://maps.example.com` */
  origin: string;
  /** The pages (by name) or "the whole site" that make it load from there. */
  by: string[];
}

/** A file the draft changes, as publishing it would change the live site. */
export interface ChangedFile {
  file: string;
  change: 'added' | 'changed' | 'removed';
  /** A page (YAML): its text live and as it would be published; other files (photos) have no text. */
  page: boolean;
  live: string | null;
  published: string | null;
  /** The change as a visitor sees it. */
  shown: VisibleChange;
}

export interface ReadyDraft {
  /** The draft's id (its branch is drafts/<id>). */
  draft: string;
  name: string;
  email: string;
  readyAt: string;
  /** The draft's commit when it was marked ready: what these changes are of, and what a publish names. */
  commit: string;
  /** A hash of what this review shows (files, published texts, conflicts): sent back with the publish. */
  digest: string;
  files: ChangedFile[];
  conflicts: PublishConflict[];
  /** The sites the published site would load content from that the live one does not (covered by `digest`). */
  origins: NewOrigin[];
  /** Why this draft cannot be published as it is (a link in it), in words; then it has no files. */
  problem: { error: string; hint: string | null } | null;
}

export interface PublishedVersion {
  /** published/3 */
  tag: string;
  at: string;
  /** What it published, in words: "Asha Editor's draft", "published/2 put back" (empty when not from the editor). */
  what: string;
  /** Who published it (empty when not from the editor). */
  by: string;
  /** Whether this version is what the live site shows now. */
  live: boolean;
  /**
   * Whether this server published it: a tag someone pushed with git was never reviewed, is shown as
   * such and is never put back live.
   */
  fromEditor: boolean;
}

/** GET publish/review (publishers) */
export interface ReviewResponse {
  drafts: ReadyDraft[];
  versions: PublishedVersion[];
  /** What is being published now, if anything. */
  busy: string | null;
  /** A publish that reached main but not the live site: "Publish again" finishes it. */
  unfinished: { what: string; failed: string | null } | null;
  /** A publish a restart of the server dropped before it reached main: nothing of it went live. */
  dropped: Dropped | null;
  /** Why nothing can be published now (main's code is not the server's), said before anyone tries. */
  refusal: { error: string; hint: string | null } | null;
  /** Publishes set for a later time: those waiting first (soonest first), then the last ones done. */
  schedules: ScheduledPublish[];
  /** What the last update for a new date did (just after 00:00 in India), if any yet. */
  dateUpdate: DateUpdate | null;
  /** The time now on the server's clock (ISO): what a schedule's time is measured against. */
  now: string;
}

/** Words a refusal gave, kept for a publisher to read later. */
export interface Reason {
  error: string;
  hint: string | null;
}

/**
 * A reviewed draft set to be published at a time (editor/publish/schedules.ts): what was reviewed
 * (its commit and the review's digest) was checked and built ahead; at its time exactly that is
 * published, or nothing, with why.
 */
export interface ScheduledPublish {
  id: string;
  /** The draft's id (drafts/<id>). */
  draft: string;
  /** Whose draft, in words ("Asha Editor"). */
  name: string;
  /** The publisher who scheduled it. */
  by: string;
  /** When it goes live: an ISO instant, shown in Indian time. */
  at: string;
  /** When it was scheduled. */
  setAt: string;
  /** The reviewed commit it publishes. */
  commit: string;
  status: 'waiting' | 'published' | 'refused' | 'cancelled';
  /** When it was published, refused or cancelled. */
  doneAt: string | null;
  /** The version it became, once published ("published/4"). */
  tag: string | null;
  /** Why it was not published. */
  reason: Reason | null;
  /** The server was stopped at its time: it ran when the server started again. */
  late: boolean;
  /** Who cancelled it. */
  cancelledBy: string | null;
}

/** What the update for a new date did (editor/publish/rollover.ts). */
export interface DateUpdate {
  /** When it ran (ISO). */
  at: string;
  /** The date in India the site was built for. */
  today: string;
  /** The pages whose output changed with the date (their addresses). */
  pages: string[];
  /** Whether the new build went live (only when something changed). */
  deployed: boolean;
  /** Why it could not update the live site, when it could not. */
  reason: Reason | null;
}

/** POST publish/schedule: the reviewed draft (as POST publish/publish names it) and when it goes live (an ISO instant). */
export interface ScheduleRequest {
  draft: string;
  commit: string;
  digest: string;
  at: string;
}

/** POST publish/unschedule */
export interface UnscheduleRequest {
  id: string;
}

/** A publish the server dropped when it started again (shown until the next publish or POST publish/dismiss). */
export interface Dropped {
  /** In words: "Asha Editor's draft", "published/2 put back". */
  what: string;
  /** The draft's id, when it was a draft's publish: publishing it again is reviewing and publishing it. */
  draft: string | null;
  /** The version it was putting back live, when it was a roll back. */
  restores: string | null;
  /** Who had started it, and when. */
  by: string;
  at: string;
}

/** GET publish/mine: the signed-in editor's own draft. */
export interface MyDraftResponse {
  /** Marked ready for review, and not saved since. */
  ready: boolean;
  /** When it was marked ready (ISO time), while it is. */
  readyAt: string | null;
  /** Marked ready, then saved: the mark was withdrawn (the publisher reviews what was marked); mark it again. */
  withdrawn: boolean;
  /** The files the draft changes, against the live site. */
  files: string[];
  /** When a publisher scheduled the draft, as marked, to go live (ISO instant); null when not scheduled. */
  scheduledFor: string | null;
}

/** POST publish/publish: the draft's reviewed commit, with the digest of what the review showed and the decisions taken. */
export interface PublishRequest {
  draft: string;
  commit: string;
  digest: string;
  decisions: Decision[];
}

/** POST publish/publish: the draft went live, or the fields to decide first, or nothing to publish. */
export type PublishResponse = { published: string } | { conflicts: PublishConflict[] } | { nothing: true };
