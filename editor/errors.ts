/**
 * The catalogues of the editor wing: what the editor's API refuses (over one checkout in `npm run dev`,
 * and hosted: sign-in, sessions, drafts, previews), what publishing and rolling back refuse, and what
 * the academy's administrator reads about the hosted editor's configuration (environment variables,
 * editors.yaml). Words only, no Node: the browser app may show them. How entries are written, and why
 * the catalogues are several files in one listing: scripts/errors/catalogue.ts.
 */
import { defineCatalogue } from '../scripts/errors/catalogue';

const ACCEPTED = 'JPEG, PNG, WebP, AVIF, GIF or SVG';
const RELOAD = 'Reload the editor (the page in the browser) and try again.';
const REPLACE_LINK = "A developer must replace it with the file or folder itself in the site's repository";
const TELL_ADMIN = "if it happens again, tell the site's administrator.";
const PREVIEW_AGAIN = 'Open it again from the editor with "Preview the whole site".';
const WAIT = ({ wait }: { wait: string }) => `Wait ${wait}, then try again.`;
const WAIT_KEPT = ({ wait }: { wait: string }) => `Wait ${wait}, then try again. What you typed is kept.`;
const HOSTED_EDITOR_DOC = 'docs/administrators.md, "The hosted editor"';

export const EDITOR = defineCatalogue('editor', {
  EDITOR_SAVE_NAME_NOT_KEPT: {
    status: 400,
    /** `why`: why the site's repository would leave the file out (its .gitignore…). */
    message: ({ file, why }: { file: string; why: string }) => `${file} cannot be saved under that name: ${why}.`,
    hint: 'Nothing was written. Choose another address for the page, or another name for the photo.',
  },
  EDITOR_SAVE_REAPPEARED: {
    status: 409,
    message: ({ file }: { file: string }) => `${file} appeared on disk again meanwhile, so it was not written.`,
    hint: 'Reload the page to see it, then make your changes again.',
  },
  EDITOR_SAVE_UNREADABLE: {
    status: 409,
    message: ({ file }: { file: string }) => `The editor cannot read ${file}, so it does not write over it.`,
    hint: 'Correct the file in a text editor (the errors say where), then open it again here.',
  },
  EDITOR_DELETE_HOME: { status: 400, message: 'The home page cannot be deleted: every site needs one.', hint: 'Change its content instead.' },
  EDITOR_DELETE_CHANGED: {
    status: 409,
    message: ({ file }: { file: string }) => `${file} was changed since you opened it, so it was not deleted.`,
    hint: 'Open the page again to see what changed, then delete it if you still want to.',
  },
  EDITOR_PAGE_TOO_LARGE: {
    status: 413,
    /** `size`: the limit, "2 MB". */
    message: ({ size }: { size: string }) => `This is more than the editor accepts at once (${size}).`,
    hint: 'Split the page into several pages.',
  },
  EDITOR_CHECK_TOO_COSTLY: {
    status: 413,
    message: 'Checking this page took more memory or time than the server gives one page, so it was stopped: nothing was saved.',
    hint: 'What you typed is kept in the editor. Make the page shorter (a very long text, or one repeated many times), or split it into several pages.',
  },
  EDITOR_CHECKS_BUSY: {
    status: 503,
    message: 'The server is checking many pages at once right now, so it did not check this one: nothing was saved.',
    hint: 'What you typed is kept. Wait a few seconds, then try again.',
  },
  EDITOR_PHOTO_TOO_LARGE: {
    status: 413,
    message: ({ size }: { size: string }) => `This is more than the editor accepts at once (${size}).`,
    hint: 'Use a smaller photo: export it again from a photo program at a lower quality or size (2000–3000 px wide is plenty).',
  },
  EDITOR_SIGN_IN_TOO_LARGE: {
    status: 413,
    message: ({ size }: { size: string }) => `This is more than the editor accepts at once (${size}).`,
    hint: 'A sign-in sends only its token: reload the editor and sign in again.',
  },
  EDITOR_REQUEST_TOO_SLOW: {
    status: 408,
    message: 'What the editor sent arrived too slowly, so the server stopped waiting for it, and nothing was changed.',
    hint: 'Check the internet connection, then try again: what you typed is still here.',
  },
  EDITOR_REQUEST_LACKS: { status: 400, message: ({ name }: { name: string }) => `The editor's request lacks "${name}".`, hint: RELOAD },
  EDITOR_REQUEST_TOO_DEEP: { status: 400, message: ({ depth }: { depth: number }) => `The editor sent data nested more than ${depth} levels deep, deeper than any page.`, hint: RELOAD },
  EDITOR_REQUEST_UNREADABLE: { status: 400, message: 'The editor sent something the server could not read.', hint: RELOAD },
  EDITOR_REQUEST_NOT_UNDERSTOOD: { status: 400, message: 'The editor sent a request the server does not understand.', hint: RELOAD },
  EDITOR_NO_SUCH_ENDPOINT: {
    status: 404,
    message: ({ path }: { path: string }) => `The editor's server has nothing at ${path}.`,
    hint: 'Reload the editor (the page in the browser).',
  },
  EDITOR_METHOD_NOT_ACCEPTED: {
    status: 405,
    message: ({ method, name }: { method: string; name: string }) => `The editor's server does not accept ${method} for ${name}.`,
    hint: 'Reload the editor (the page in the browser).',
  },
  EDITOR_UPLOAD_NOT_AN_IMAGE: { status: 422, message: ({ name }: { name: string }) => `${name} is not an image the site can show.`, hint: `Upload a ${ACCEPTED} file.` },
  EDITOR_UPLOAD_HEIC: {
    status: 422,
    message: ({ name }: { name: string }) => `${name} is a HEIC photo, which browsers do not show.`,
    hint: 'Export it as JPEG (on an iPhone: Settings, Camera, Formats, Most Compatible), then upload that.',
  },
  EDITOR_UPLOAD_DAMAGED: {
    status: 422,
    /** `formats`: what to save it as ("JPEG, PNG, WebP or AVIF"). */
    message: ({ name }: { name: string }) => `${name} is damaged: it cannot be read to the end.`,
    hint: ({ formats }: { formats: string }) => `Open it in an image editor and save it again as ${formats}.`,
  },
  EDITOR_UPLOAD_NO_SIZE: {
    status: 422,
    message: ({ name }: { name: string }) => `${name} has no width and height.`,
    hint: 'Save it again from an image editor.',
  },
  EDITOR_UPLOAD_SVG_NO_SIZE: {
    status: 422,
    message: ({ name }: { name: string }) => `${name} has no width and height.`,
    hint: 'Save the drawing again with a width and height, or a viewBox.',
  },
  EDITOR_UPLOAD_EMPTY: { status: 422, message: ({ name }: { name: string }) => `${name} is empty.`, hint: 'Choose the file again.' },
  EDITOR_UPLOAD_NOT_SVG: { status: 422, message: ({ name }: { name: string }) => `${name} is not an SVG drawing: its content is something else.`, hint: `Upload a ${ACCEPTED} file.` },
  EDITOR_UPLOAD_TOO_HEAVY: {
    status: 422,
    message: ({ name, size, maxSize }: { name: string; size: string; maxSize: string }) =>
      `${name} weighs ${size}: an SVG or GIF may weigh at most ${maxSize}, or the page is slow to load on phones.`,
    hint: 'Simplify the drawing, or save a photo as JPEG, PNG, WebP or AVIF: those the build resizes and compresses.',
  },
  EDITOR_UNKEPT_FILE: {
    status: 400,
    message: ({ file }: { file: string }) => `Nothing was saved: the site's repository leaves out ${file} (its .gitignore), so it would have been lost.`,
    hint: 'Choose another address for the page, or another name for the photo.',
  },
  EDITOR_DRAFT_CARRIES_LINK: {
    status: 409,
    /** `carried`: what the draft holds, in words ("pages/a.yaml is a link"). */
    message: ({ carried }: { carried: string }) => `Your draft cannot be opened: ${carried}.`,
    hint: `${REPLACE_LINK} (on main, or on your draft's branch). Nothing was changed.`,
  },
  EDITOR_DRAFT_GAINED_LINK: {
    status: 409,
    message: ({ carried }: { carried: string }) => `Your draft was changed on the site's repository, and now ${carried}, so the editor keeps your draft as it was.`,
    hint: `${REPLACE_LINK}, on your draft's branch. Until then nothing can be saved in this draft.`,
  },
  EDITOR_SAVE_WOULD_COMMIT_LINK: {
    status: 409,
    message: ({ carried }: { carried: string }) => `Nothing was saved: ${carried}.`,
    hint: "The editor never makes one: tell the site's administrator. What you typed is still here.",
  },
  EDITOR_DEV_OTHER_COMPUTER: {
    status: 403,
    message: 'The editor can only be used from this computer, at the address npm run dev prints.',
    hint: 'Open the editor on the computer where npm run dev runs, at that address.',
  },
  EDITOR_DEV_SERVER_PROBLEM: {
    status: 500,
    message: "The editor's server ran into a problem and did nothing.",
    hint: 'The details are in the terminal where npm run dev runs. Reload the editor and try again.',
  },
  EDITOR_NO_DRAFT_NAME: {
    status: 409,
    message: 'Every name your draft could have is the draft of someone else who had an address like yours.',
    hint: "Ask the site's administrator to remove the drafts of people no longer on the list of editors.",
  },
  EDITOR_SERVER_BUSY: {
    status: 503,
    message: 'The editor is answering as many signed-in editors as it can at once.',
    hint: 'Nothing was changed. Try again in a moment: what you have not saved is kept.',
  },
  EDITOR_TOO_MANY_FROM_ADDRESS: {
    status: 429,
    message: 'More requests came at once from your network address than the editor answers before you sign in.',
    hint: 'Wait a moment for them to finish, then try again.',
  },
  EDITOR_SERVER_PROBLEM: { status: 500, message: "The editor's server ran into a problem and did nothing.", hint: `Reload the editor and try again; ${TELL_ADMIN}` },
  EDITOR_REPOSITORY_UNREACHABLE: {
    status: 503,
    message: "The site's repository does not answer right now, so the editor cannot check who may edit.",
    hint: "Nothing was changed. Try again in a minute; if it goes on, tell the site's administrator.",
  },
  EDITOR_SAVE_NOT_PUSHED: {
    status: 502,
    message: "Your change was not saved: the site's repository did not take it.",
    hint: "What you typed is still here. Try Save again in a minute; if it keeps failing, tell the site's administrator.",
  },
  EDITOR_SIGN_IN_KEYS_UNREACHABLE: {
    status: 503,
    message: "The server could not reach Google to check your sign-in: a network problem on the server's side, not your account.",
    hint: "Try again in a minute. If it keeps happening, tell the site's administrator.",
  },
  EDITOR_SIGN_IN_REFUSED: {
    status: 401,
    /** `reason`: what is wrong with the token, from id-token.ts ("the sign-in has expired"). */
    message: ({ reason }: { reason: string }) => `The sign-in was not accepted: ${reason}.`,
    hint: 'Sign in again with your Google account.',
  },
  EDITOR_NOT_SIGNED_IN: { status: 401, message: 'You are not signed in, or your session has ended.', hint: 'Sign in again: changes you have not saved are kept.' },
  EDITOR_NOT_LISTED: {
    status: 403,
    // Names nobody: whoever signs in with any Google account reads it.
    message: ({ email }: { email: string }) => `You signed in as ${email}, which is not on the list of editors.`,
    hint: ({ email }: { email: string }) => `Ask the site's publishers to add ${email} to the editors, or sign in with another Google account.`,
  },
  EDITOR_NO_EDITORS_FILE: {
    status: 503,
    message: 'Nobody may edit yet: the site has no list of editors (editors.yaml on main).',
    hint: `Ask the site's administrator to add editors.yaml (${HOSTED_EDITOR_DOC}).`,
  },
  EDITOR_EDITORS_FILE_BROKEN: {
    status: 503,
    /** `problems`: what is wrong in editors.yaml, each with its line (the ADMIN_EDITORS_* entries). */
    message: 'Nobody can edit until the list of editors (editors.yaml on main) is corrected.',
    hint: ({ problems }: { problems: string }) => problems,
  },
  EDITOR_FOREIGN_ORIGIN: {
    status: 403,
    message: 'The editor accepts changes only from its own pages.',
    hint: ({ address }: { address: string }) => `Open the editor at ${address}.`,
  },
  EDITOR_WRONG_HOST: { status: 421, message: ({ origin }: { origin: string }) => `This is the editor of ${origin}.`, hint: ({ address }: { address: string }) => `Open ${address}.` },
  EDITOR_ONLY_OWN_REQUESTS: { status: 405, message: 'The editor accepts only its own requests here.', hint: 'Open the editor at its address (/_editor): its pages send their requests themselves.' },
  EDITOR_NOTHING_AT: { status: 404, message: ({ path }: { path: string }) => `The editor has nothing at ${path}.`, hint: 'Open the editor at its address, /_editor.' },
  EDITOR_DRAFT_HAS_NO_FILE: {
    status: 404,
    message: ({ path }: { path: string }) => `Your draft has no file at ${path}.`,
    hint: "Check the path in the page: photos and files are looked for in your draft's public/ folder.",
  },
  EDITOR_TOO_MANY_SIGN_INS: { status: 429, message: 'This account signed in more often than the editor takes in a minute.', hint: WAIT },
  EDITOR_TOO_MANY_READS: { status: 429, message: 'The editor asked the server more than it answers for one person in a minute.', hint: WAIT },
  EDITOR_TOO_MANY_PREVIEW_READS: { status: 429, message: 'The preview asked for more pages and files than the server answers for one person in a minute.', hint: WAIT },
  EDITOR_TOO_MANY_SAVES: { status: 429, message: 'You saved more often than the editor takes in a minute.', hint: WAIT_KEPT },
  EDITOR_TOO_MANY_UPLOADS: { status: 429, message: 'You uploaded more photos than the editor takes in an hour.', hint: WAIT_KEPT },
  EDITOR_NO_WHOLE_PREVIEWS: {
    status: 404,
    message: 'This editor server shows no previews of whole drafts.',
    hint: `Ask the site's administrator to set CESA_EDITOR_PREVIEW_ORIGIN (${HOSTED_EDITOR_DOC}).`,
  },
  EDITOR_PREVIEW_SESSION_ENDED: {
    status: 401,
    message: 'Your session in the editor has ended (signed out, or after 12 hours).',
    hint: ({ address }: { address: string }) => `Sign in to the editor again and open the preview from there: ${address}`,
  },
  EDITOR_PREVIEW_NOT_LISTED: {
    status: 403,
    message: ({ email }: { email: string }) => `${email} is no longer on the list of editors, so this preview of a draft is closed to it.`,
    hint: "Ask the site's publishers if this is a mistake.",
  },
  EDITOR_PREVIEW_LINK_FORGED: { status: 403, message: 'This preview link was not made by the editor.', hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_LINK_EXPIRED: { status: 403, message: 'This preview link has expired (it works for a minute).', hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_ACCESS_ENDED: { status: 401, message: 'Your access to this preview has ended.', hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_LINK_OTHER_DRAFT: { status: 403, message: 'This link opens the preview of another draft.', hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_LINK_USED: { status: 403, message: 'This preview link was already used: each works once.', hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_LINK_BEFORE_RESTART: {
    status: 403,
    message: "This preview link was made before the editor's server restarted, and the server cannot tell whether it was used.",
    hint: PREVIEW_AGAIN,
  },
  EDITOR_PREVIEW_TOO_MANY_OPENED: {
    status: 429,
    message: 'Too many previews were opened in the last minute.',
    hint: 'Wait a minute, then open it again from the editor with "Preview the whole site".',
  },
  EDITOR_PREVIEW_PRIVATE: { status: 401, message: 'This preview of a draft is private.', hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_OTHER_DRAFT: { status: 403, message: 'This is the preview of another draft.', hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_BEING_BUILT: { status: 503, message: 'The preview of your draft is being built.', hint: 'Reload this page in a few seconds.' },
  EDITOR_PREVIEW_WRONG_HOST: { status: 421, message: ({ origin }: { origin: string }) => `This is the preview of a draft at ${origin}.`, hint: PREVIEW_AGAIN },
  EDITOR_PREVIEW_PROBLEM: {
    status: 500,
    message: "The editor's server ran into a problem showing this preview.",
    hint: `Reload the page; ${TELL_ADMIN}`,
  },
});

const REVIEW_AGAIN = 'Review it again';
const ASK_ADMIN = "ask the site's administrator";
const CORRECT_AND_PUBLISH = 'Open the page in the editor, correct it and save, then publish again.';

export const PUBLISH = defineCatalogue('publish', {
  PUBLISH_PUBLISHERS_ONLY: {
    status: 403,
    message: 'Only publishers may publish or roll back the live site.',
    hint: ({ whom }: { whom: string }) => `Mark your draft "Ready for review": ${whom} will publish it.`,
  },
  PUBLISH_TOO_MANY: { status: 429, message: 'You asked to review, mark or publish more often than the editor takes in a minute.', hint: WAIT },
  PUBLISH_NOTHING_TO_REVIEW: { status: 409, message: 'Your draft has no changes to review: it is the same as the live site.', hint: 'Edit a page and save it first.' },
  PUBLISH_NO_SUCH_REQUEST: {
    status: 404,
    message: ({ endpoint }: { endpoint: string }) => `The editor has no publishing request ${endpoint}.`,
    hint: 'Reload the page: the editor in the browser may be older than the server.',
  },
  PUBLISH_SERVER_PROBLEM: {
    status: 500,
    message: "The editor's server ran into a problem while publishing.",
    hint: `Reload this page: it shows what is live and whether a publish waits for "Publish again". If it happens again, tell the site's administrator.`,
  },
  PUBLISH_DRAFT_CHANGED_SINCE_REVIEW: {
    status: 409,
    message: 'The draft changed since you reviewed it, so nothing was published.',
    hint: `${REVIEW_AGAIN}: once its editor marks it ready again, it is listed with what it changes now.`,
  },
  PUBLISH_LIVE_CHANGED_SINCE_REVIEW: {
    status: 409,
    message: 'The live site changed since you reviewed this draft, and publishing it now would change other things than you were shown, so nothing was published.',
    hint: `${REVIEW_AGAIN}: the list shows what it would publish now.`,
  },
  PUBLISH_BUSY: {
    status: 409,
    /** `running`: what the publish under way publishes ("drafts/asha-editor-example-com"). */
    message: ({ running }: { running: string }) => `Another publish is under way (${running}).`,
    hint: 'Wait until it is done, then try again: the page shows when it is.',
  },
  PUBLISH_LOCKED: { status: 409, message: 'Another publish is under way.', hint: 'Wait until it is done, then try again.' },
  PUBLISH_NOT_SET_UP: { status: 503, message: 'Publishing is not set up on this server.', hint: `Ask the site's administrator to set the deploy's service account (docs/administrators.md, "Publishing and rolling back").` },
  PUBLISH_UNFINISHED: { status: 409, message: 'The last publish reached main but not the live site.', hint: 'Choose "Publish again" to finish it first; nothing of it is lost.' },
  PUBLISH_NO_SAVED_CHANGES: { status: 404, message: 'This draft has no saved changes to publish.', hint: 'The editor saves into their draft first.' },
  PUBLISH_MAIN_KEPT_CHANGING: { status: 409, message: 'main kept changing while this draft was being published, so nothing was published.', hint: 'Publish again in a moment.' },
  PUBLISH_DEPLOY_FAILED: {
    status: 502,
    /** `host`: where the site goes live (the deployer's name). */
    message: ({ host }: { host: string }) => `The publish is on main, but ${host} did not take it: the live site still shows the version before.`,
    hint: `Nothing is lost. Choose "Publish again" to put it live; if it keeps failing, tell the site's administrator.`,
  },
  PUBLISH_CODE_DIFFERS: {
    status: 409,
    /** `files`: the files of the code that differ, the first five named. */
    message: ({ files }: { files: string }) => `Nothing was published: main's code is not the code this server runs (${files}), so the site built here would not be main.`,
    hint: `Ask the site's administrator to restart the editor server on main's code (docs/administrators.md, "Publishing and rolling back"), then publish again.`,
  },
  PUBLISH_SETTINGS_REFUSED: {
    status: 422,
    /** `problems`: what the host refuses in the site's settings, one a line. */
    message: ({ host }: { host: string }) => `Nothing was published: the site's settings cannot go to ${host}.`,
    hint: ({ problems }: { problems: string }) => problems,
  },
  PUBLISH_PAGE_MISTAKES: {
    status: 422,
    /** `count`: "a mistake", "3 mistakes"; `mistakes`: the first three, with file and line. */
    message: ({ count }: { count: string }) => `Nothing was published: the pages have ${count} to correct first.`,
    hint: ({ mistakes }: { mistakes: string }) => `${mistakes} ${CORRECT_AND_PUBLISH}`,
  },
  PUBLISH_BUILD_MISTAKES: {
    status: 422,
    message: ({ count }: { count: string }) => `Nothing was published: the build found ${count} in the pages.`,
    hint: ({ mistakes }: { mistakes: string }) => `${mistakes} ${CORRECT_AND_PUBLISH}`,
  },
  PUBLISH_SCHEDULE_CONFLICTS: {
    status: 409,
    message: 'This draft changes fields that were also changed live since, so it cannot be published at a later time: someone has to choose which value goes live.',
    hint: 'Publish it now and choose, or ask its editor to take the live values into the draft, then schedule it again.',
  },
  PUBLISH_SCHEDULE_PAST: {
    status: 400,
    /** `now`: the time now in India, "Tue 8 Dec 2026, 05:49 IST". */
    message: ({ now }: { now: string }) => `That time has passed: it is ${now} now.`,
    hint: 'Choose a later date or time, or publish now.',
  },
  PUBLISH_SCHEDULE_TOO_FAR: { status: 400, message: 'A publish can be scheduled up to a year ahead.', hint: 'Choose a date within the next year.' },
  PUBLISH_SCHEDULE_NOT_A_TIME: { status: 400, message: 'The date or time is not one.', hint: 'Choose the date and the time again (Indian time).' },
  PUBLISH_SCHEDULE_TAKEN: {
    status: 409,
    /** `when`: the time it is scheduled for, "Fri 1 Jan 2027, 09:00 IST". */
    message: ({ when }: { when: string }) => `This draft is already scheduled for ${when}.`,
    hint: 'Cancel that schedule first, then choose the new time.',
  },
  PUBLISH_NO_SUCH_SCHEDULE: { status: 404, message: 'That scheduled publish is not waiting any more: it was published, refused or cancelled.', hint: 'Reload the page: the list shows what happened to it.' },
  PUBLISH_SCHEDULE_NOT_READY: {
    status: 409,
    message: 'The draft is not marked ready for review any more (its editor took the mark away), so nothing was published.',
    hint: `${REVIEW_AGAIN}: once its editor marks it ready again, it is listed and can be scheduled again.`,
  },
  PUBLISH_SCHEDULE_SETTER_NOT_PUBLISHER: {
    status: 403,
    /** `name`: who scheduled it. */
    message: ({ name }: { name: string }) => `${name}, who scheduled this publish, is no longer a publisher, so nothing was published.`,
    hint: 'A publisher reviews the draft and publishes or schedules it again.',
  },
  PUBLISH_SCHEDULE_NOTHING: { status: 409, message: 'The live site already had everything this draft changes, so there was nothing to publish.', hint: 'Nothing to do.' },
  PUBLISH_DATE_DEPLOY_FAILED: {
    status: 502,
    message: ({ host }: { host: string }) => `The pages made for the new date did not go live: ${host} did not take them, so the live site still shows yesterday's.`,
    hint: `It is tried again at the next start of the editor's server and at the next midnight; if it keeps failing, tell the site's administrator.`,
  },
  PUBLISH_NOT_A_VERSION: { status: 400, message: ({ tag }: { tag: string }) => `${tag} is not a published version.`, hint: 'Reload the page: the list shows the versions there are.' },
  PUBLISH_NO_SUCH_VERSION: { status: 404, message: ({ tag }: { tag: string }) => `There is no published version ${tag}.`, hint: 'Reload the page: the list shows the versions there are.' },
  PUBLISH_VERSION_NOT_FROM_EDITOR: {
    status: 409,
    message: ({ tag }: { tag: string }) => `${tag} was not published from the editor: nobody reviewed it here, so it is not put back live.`,
    hint: 'To put its pages live, make the changes in a draft, mark it ready and publish it after a review.',
  },
  PUBLISH_ROLLBACK_MAIN_KEPT_CHANGING: { status: 409, message: 'main kept changing, so nothing was rolled back.', hint: 'Try again in a moment.' },
  PUBLISH_NOTHING_UNFINISHED: { status: 409, message: 'There is no unfinished publish.', hint: 'Reload the page.' },
  PUBLISH_OUTSIDE_CONTENT: {
    status: 409,
    message: ({ files }: { files: string }) => `This draft changes files the editor never writes (${files}).`,
    hint: `A developer merges such changes with git; ${ASK_ADMIN}.`,
  },
  PUBLISH_RUNNABLE_FILE: {
    status: 409,
    /** `files`: the files with what each is ("public/x.html (a web page file)"). */
    message: ({ files }: { files: string }) =>
      `This draft adds files a browser would run as part of the site (${files}): the editor only publishes photos, videos and documents, so nothing was published.`,
    hint: `Ask the editor who added them to remove them from their draft; a developer adds such files with git (${ASK_ADMIN}).`,
  },
  PUBLISH_LINK_IN_DRAFT: {
    status: 409,
    message: ({ file }: { file: string }) => `${file} is a link to another file: the editor never makes links, so nothing with it is published.`,
    hint: `A developer must replace it with the file itself (${ASK_ADMIN}), then publish again.`,
  },
  PUBLISH_SUBMODULE_IN_DRAFT: {
    status: 409,
    message: ({ file }: { file: string }) => `${file} is another repository inside the site's (a submodule): the editor never makes those, so nothing with it is published.`,
    hint: `A developer must replace it with the files themselves (${ASK_ADMIN}), then publish again.`,
  },
  PUBLISH_REPOSITORY_LOCKED_HERE: {
    status: 503,
    /** `outcome`: what that means for this publish ("nothing was published"). */
    /** `lock`: the lock file, by its path in the repository (HEAD.lock, refs/heads/main.lock). */
    message: ({ outcome, lock }: { outcome: string; lock: string }) => `The site's repository is locked (its file ${lock}), as a push stopped halfway or one still under way leaves it, so ${outcome}.`,
    hint: ({ lock }: { lock: string }) =>
      `Try again in a minute. If it stays, ask the site's administrator to restart the editor server: when it starts it removes ${lock} if no program is working in the repository then; the server's log says when it left a lock for that reason.`,
  },
  PUBLISH_REPOSITORY_LOCKED_ON_HOST: {
    status: 503,
    message: ({ target, outcome }: { target: string; outcome: string }) =>
      `The site's repository refused to change ${target}: it is locked on the repository's host, as a push stopped halfway leaves it, so ${outcome}.`,
    hint: ({ ref }: { ref: string }) => `Ask the site's administrator to remove the lock on the repository's host (a file named ${ref}.lock there), then try again.`,
  },
  PUBLISH_REPOSITORY_DECLINED: {
    status: 503,
    message: ({ target, outcome }: { target: string; outcome: string }) =>
      `The site's repository refused to change ${target}: its host declined it (a rule such as branch protection), so ${outcome}.`,
    hint: ({ target }: { target: string }) => `Ask the site's administrator to let the editor server's account push to ${target} (docs/administrators.md, "Publishing and rolling back"), then try again.`,
  },
  PUBLISH_REPOSITORY_NO_PERMISSION: {
    status: 503,
    message: ({ target, outcome }: { target: string; outcome: string }) => `The site's repository did not let the editor server change ${target} (no permission), so ${outcome}.`,
    hint: `Ask the site's administrator to give the editor server's account write access to the repository (docs/administrators.md, "Publishing and rolling back"), then try again.`,
  },
});

const PREVIEW_EXAMPLE = 'such as https://{draft}.preview.example.org';
const PREVIEW_ORIGIN = "The previews' address (CESA_EDITOR_PREVIEW_ORIGIN)";
const REAL_SERVER = `To let editors in from other computers, set up the academy's server instead: CESA_EDITOR_REMOTE, CESA_EDITOR_ORIGIN, FIREBASE_PROJECT_ID, FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN (docs/administrators.md, "Set it up once").`;
const EMULATOR_SIGNS_NOTHING = 'The Auth emulator signs nothing, so anyone could sign in as anyone:';
const SET_ORIGIN = 'Set CESA_EDITOR_ORIGIN to the address editors open, such as https://editor.example.org.';
const SET_PREVIEW_ORIGIN = `Set CESA_EDITOR_PREVIEW_ORIGIN to a wildcard name of the previews' own, ${PREVIEW_EXAMPLE} (${HOSTED_EDITOR_DOC}).`;
const EDITORS_ENTRY = `Each entry needs email, name and role (editor or publisher); see ${HOSTED_EDITOR_DOC}.`;

/** Said to the administrator on the console of `npm run editor-server`, before anything listens; and editors.yaml's mistakes. */
export const ADMIN = defineCatalogue('admin', {
  ADMIN_NOW_NOT_A_TIME: {
    message: ({ value }: { value: string }) => `CESA_NOW is not a time: ${value}.`,
    hint: 'Give an ISO time with its offset, such as 2026-12-31T23:59:30+05:30 (30 seconds before midnight in India), or unset it to use the real clock.',
  },
  ADMIN_VARIABLE_MISSING: {
    message: ({ name }: { name: string }) => `${name} is not set.`,
    hint: ({ name }: { name: string }) => `With CESA_EDITOR_REMOTE set, the editor server also needs ${name} (${HOSTED_EDITOR_DOC}).`,
  },
  ADMIN_DEMO_PROJECT_WITHOUT_EMULATOR: {
    message: ({ projectId }: { projectId: string }) => `The project ${projectId} exists only in the Auth emulator:`,
    hint: "set FIREBASE_AUTH_EMULATOR_HOST to use the emulator, or give the academy's real Firebase project id.",
  },
  ADMIN_PREVIEWS_NEED_ORIGIN: {
    message: `Previews of whole drafts need their own address on a server: set CESA_EDITOR_PREVIEW_ORIGIN (${PREVIEW_EXAMPLE}; ${HOSTED_EDITOR_DOC}).`,
    hint: ({ host }: { host: string }) => `Without it they are served on ports of this computer, and the server listens on ${host}.`,
  },
  ADMIN_ORIGIN_NEEDED: {
    message: 'Set the address editors open (CESA_EDITOR_ORIGIN, such as https://editor.example.org):',
    hint: ({ host }: { host: string }) => `the server listens on ${host}, which is not only this computer.`,
  },
  ADMIN_TRUSTED_PROXY_NOT_ADDRESS: {
    message: ({ value }: { value: string }) => `A proxy named in CESA_EDITOR_TRUSTED_PROXIES is not an IP address: ${value}.`,
    hint: `Name each proxy in front of the server by the address it connects from, separated by commas, such as 127.0.0.1,::1 (${HOSTED_EDITOR_DOC}).`,
  },
  ADMIN_ORIGIN_NOT_AN_ADDRESS: { message: ({ origin }: { origin: string }) => `The editor's address (CESA_EDITOR_ORIGIN) is not an address: ${origin}.`, hint: SET_ORIGIN },
  ADMIN_ORIGIN_NOT_ORIGIN: {
    message: ({ origin }: { origin: string }) => `The editor's address (CESA_EDITOR_ORIGIN) must be an origin only, such as https://editor.example.org, not ${origin}.`,
    hint: SET_ORIGIN,
  },
  ADMIN_ORIGIN_NOT_HTTPS: {
    message: ({ origin }: { origin: string }) =>
      `The editor's address must start with https:// (sign-in cookies travel only over https), unless it is this computer (http://127.0.0.1): ${origin}.`,
    hint: SET_ORIGIN,
  },
  ADMIN_PREVIEW_ORIGIN_NO_DRAFT: {
    message: ({ pattern }: { pattern: string }) => `${PREVIEW_ORIGIN} must start with the draft's place, ${PREVIEW_EXAMPLE} (a wildcard name: each draft gets its own origin): ${pattern}.`,
    hint: SET_PREVIEW_ORIGIN,
  },
  ADMIN_PREVIEW_ORIGIN_NOT_AN_ADDRESS: { message: ({ pattern }: { pattern: string }) => `${PREVIEW_ORIGIN} is not an address, ${PREVIEW_EXAMPLE}: ${pattern}.`, hint: SET_PREVIEW_ORIGIN },
  ADMIN_PREVIEW_ORIGIN_NOT_ORIGIN: { message: ({ pattern }: { pattern: string }) => `${PREVIEW_ORIGIN} must be an origin only, ${PREVIEW_EXAMPLE}, not ${pattern}.`, hint: SET_PREVIEW_ORIGIN },
  ADMIN_PREVIEW_ORIGIN_NOT_HTTPS: {
    message: ({ pattern }: { pattern: string }) => `${PREVIEW_ORIGIN} must start with https:// (its cookies travel only over https): ${pattern}.`,
    hint: SET_PREVIEW_ORIGIN,
  },
  ADMIN_PREVIEW_ORIGIN_SHARES_EDITOR: {
    message: ({ editorOrigin }: { editorOrigin: string }) => `${PREVIEW_ORIGIN} must be apart from the editor's (${editorOrigin}): no draft's preview may share the editor's name.`,
    hint: SET_PREVIEW_ORIGIN,
  },
  ADMIN_EMULATOR_REAL_PROJECT: {
    message: ({ projectId }: { projectId: string }) => `${EMULATOR_SIGNS_NOTHING} it is used only with a demo- project, and the project is ${projectId}.`,
    hint: 'Unset FIREBASE_AUTH_EMULATOR_HOST to use the real project, or use a demo- project id.',
  },
  ADMIN_EMULATOR_NOT_LOOPBACK: {
    message: ({ host }: { host: string }) => `${EMULATOR_SIGNS_NOTHING} with it the editor server listens only on this computer (127.0.0.1), and it was asked to listen on ${host}.`,
    hint: 'Leave HOST unset (or HOST=127.0.0.1), or unset FIREBASE_AUTH_EMULATOR_HOST and give the real project.',
  },
  ADMIN_EMULATOR_ELSEWHERE: {
    message: ({ emulatorHost }: { emulatorHost: string }) => `The Auth emulator must run on this computer, and FIREBASE_AUTH_EMULATOR_HOST names ${emulatorHost}.`,
    hint: 'Set it to 127.0.0.1:<port>, or unset it to sign in with the real project.',
  },
  ADMIN_EMULATOR_REFUSED_ACCOUNT: {
    message: ({ email, status }: { email: string; status: number }) => `The Auth emulator did not take the account ${email} (HTTP ${status}).`,
    hint: "Stop the editor server, check that nothing else answers on the emulator's port (FIREBASE_AUTH_EMULATOR_HOST), then start it again.",
  },
  ADMIN_ZERO_CONFIG_HOST: {
    message: ({ host }: { host: string }) =>
      `With nothing configured, the editor server runs everything on this computer, and its sign-in (the Auth emulator) lets anyone sign in as anyone: it listens on this computer only, and HOST is ${host}.`,
    hint: `Leave HOST unset (or HOST=127.0.0.1) to try it here. ${REAL_SERVER}`,
  },
  ADMIN_ZERO_CONFIG_EMULATOR_HOST: {
    message: ({ emulatorHost }: { emulatorHost: string }) => `With nothing configured, the editor server signs in with an Auth emulator on this computer, and FIREBASE_AUTH_EMULATOR_HOST is ${emulatorHost}.`,
    hint: `Leave it unset (or 127.0.0.1:<port>). ${REAL_SERVER}`,
  },
  ADMIN_STATE_IN_NODE_MODULES: {
    message: ({ stateDir }: { stateDir: string }) =>
      `The state folder ${stateDir} is inside node_modules, which npm ci deletes, and with it the sessions, the publish journal and the builds kept for rolling back.`,
    hint: 'Set CESA_EDITOR_STATE_DIR to a folder outside node_modules that survives updates and is backed up (such as /var/lib/cesa-editor), or leave it unset for the default.',
  },
  ADMIN_EDITOR_APP_NOT_BUILT: {
    message: ({ dir }: { dir: string }) => `The editor's browser app is not built for this version of the code (${dir}).`,
    hint: 'Run npm run build:editor first (npm run editor-server does it before it starts).',
  },
  ADMIN_EDITOR_APP_INCOMPLETE: { message: ({ entry }: { entry: string }) => `The editor's build has no ${entry}:`, hint: 'run npm run build:editor again.' },
  ADMIN_REMOTE_NO_MAIN: { message: ({ remote }: { remote: string }) => `The site's repository (${remote}) has no main branch.`, hint: 'Push the site to its main branch, or set CESA_EDITOR_REMOTE to the repository that has it.' },
  ADMIN_EDITORS_NOT_YAML: {
    message: ({ line, problem }: { line: number; problem: string }) => `editors.yaml, line ${line}: it is not valid YAML (${problem}).`,
    hint: 'Check the indentation (spaces, not tabs) and that each entry starts with "- ", as in the example of docs/administrators.md.',
  },
  ADMIN_EDITORS_NO_LIST: {
    message: ({ line }: { line: number }) => `editors.yaml, line ${line}: the file must hold one key, editors, with a list of people under it.`,
    hint: `Start the file with "editors:" and list each person under it with "- email: …". ${EDITORS_ENTRY}`,
  },
  ADMIN_EDITORS_UNKNOWN_TOP_KEY: {
    message: ({ line, key }: { line: number; key: string }) => `editors.yaml, line ${line}: "${key}" is not read: the file holds only the list of editors.`,
    hint: 'Remove it, or put the people it lists under "editors:".',
  },
  ADMIN_EDITORS_UNKNOWN_KEY: {
    message: ({ line, where, key }: { line: number; where: string; key: string }) => `editors.yaml, line ${line} (${where}): "${key}" is not a key an editor's entry has.`,
    hint: `Remove it, or correct its spelling. ${EDITORS_ENTRY}`,
  },
  ADMIN_EDITORS_MISSING_KEY: {
    message: ({ line, where, key }: { line: number; where: string; key: string }) => `editors.yaml, line ${line} (${where}): the entry has no ${key}.`,
    hint: ({ key }: { key: string }) => `Add "${key}: …" to it. ${EDITORS_ENTRY}`,
  },
  ADMIN_EDITORS_BAD_EMAIL: {
    message: ({ line, where, value }: { line: number; where: string; value: string }) => `editors.yaml, line ${line} (${where}): ${value} is not an email address.`,
    hint: 'Write the Google account the person signs in with, such as asha.editor@example.com.',
  },
  ADMIN_EDITORS_EMPTY_NAME: {
    message: ({ line, where }: { line: number; where: string }) => `editors.yaml, line ${line} (${where}): the name is empty.`,
    hint: "Write the person's name, as commits and the page list show it.",
  },
  ADMIN_EDITORS_BAD_ROLE: {
    message: ({ line, where, value }: { line: number; where: string; value: string }) => `editors.yaml, line ${line} (${where}): ${value} is not a role.`,
    hint: 'The role is "editor" (edits pages in a draft) or "publisher" (may also publish drafts to the live site).',
  },
  ADMIN_EDITORS_NOT_TEXT: {
    message: ({ line, where, value }: { line: number; where: string; value: string }) => `editors.yaml, line ${line} (${where}): expected text, found ${value}.`,
    hint: EDITORS_ENTRY,
  },
  ADMIN_EDITORS_ENTRY_NOT_A_BLOCK: {
    message: ({ line, where, value }: { line: number; where: string; value: string }) => `editors.yaml, line ${line} (${where}): expected an entry with email, name and role, found ${value}.`,
    hint: `Write each person as "- email: …" with "name: …" and "role: …" under it, indented alike. ${EDITORS_ENTRY}`,
  },
  ADMIN_EDITORS_LISTED_TWICE: {
    message: ({ line, email, first }: { line: number; email: string; first: string }) => `editors.yaml, line ${line}: ${email} is listed twice (also editors[${first}]).`,
    hint: 'Keep one entry.',
  },
  ADMIN_EDITORS_SHARE_DRAFT: {
    message: ({ other, otherLine, email, line, draft }: { other: string; otherLine: number; email: string; line: number; draft: string }) =>
      `editors.yaml: ${other} (line ${otherLine}) and ${email} (line ${line}) would share one draft (drafts/${draft}), each reading and overwriting the other's work.`,
    hint: 'Nobody can sign in until one of the two is removed: ask a developer to keep one of them in editors.yaml on main, and to list the other person with another Google account.',
  },
});

/**
 * Why a sign-in's token was not accepted: the `{reason}` of EDITOR_SIGN_IN_REFUSED ("The sign-in was
 * not accepted: the sign-in has expired."), and of the server's log.
 */
export const SIGN_IN_REASONS = defineCatalogue('editor', {
  EDITOR_TOKEN_OTHER_ISSUER: { message: ({ issuer }: { issuer: string }) => `the token was issued for another Firebase project (issuer ${issuer})` },
  EDITOR_TOKEN_OTHER_ISSUER_UNNAMED: { message: 'the token was issued for another Firebase project' },
  EDITOR_TOKEN_OTHER_AUDIENCE: { message: ({ audience }: { audience: string }) => `the token is meant for another Firebase project (audience ${audience})` },
  EDITOR_TOKEN_OTHER_AUDIENCE_UNNAMED: { message: 'the token is meant for another Firebase project' },
  EDITOR_TOKEN_NO_EXPIRY: { message: 'the token has no expiry' },
  EDITOR_TOKEN_EXPIRED: { message: 'the sign-in has expired' },
  EDITOR_TOKEN_NO_ISSUE_TIME: { message: 'the token has no time of issue' },
  EDITOR_TOKEN_ISSUED_IN_FUTURE: { message: 'the token says it was issued in the future' },
  EDITOR_TOKEN_SIGNED_IN_FUTURE: { message: 'the token says the sign-in happened in the future' },
  EDITOR_TOKEN_NO_SUBJECT: { message: 'the token names no account (empty subject)' },
  EDITOR_TOKEN_NO_EMAIL: { message: 'the account has no email address' },
  EDITOR_TOKEN_EMAIL_NOT_VERIFIED: { message: ({ email }: { email: string }) => `the email address ${email} is not verified` },
  EDITOR_TOKEN_NOT_GOOGLE: { message: ({ provider }: { provider: string }) => `the account signed in with ${provider}, not with Google` },
  EDITOR_TOKEN_NOT_JWT: { message: 'the token is not a JWT' },
  EDITOR_TOKEN_UNSIGNED: { message: 'the token is not signed (an emulator token, and this server does not run with the emulator)' },
  EDITOR_TOKEN_WRONG_ALGORITHM: { message: ({ alg }: { alg: string }) => `the token is signed with ${alg}, not RS256` },
  EDITOR_TOKEN_CLAIM_REFUSED: { message: ({ claim }: { claim: string }) => `the token's ${claim} claim is not acceptable` },
  EDITOR_TOKEN_SIGNATURE_MISMATCH: { message: "the token's signature does not match Google's keys (forged or damaged)" },
  EDITOR_TOKEN_UNKNOWN_KEY: { message: 'the token was signed with a key Google does not publish' },
  EDITOR_TOKEN_NOT_RS256: { message: 'the token is not signed with RS256' },
  EDITOR_TOKEN_UNCHECKABLE_CODE: { message: ({ code }: { code: string }) => `the token could not be checked (${code})` },
  EDITOR_TOKEN_UNCHECKABLE: { message: 'the token could not be checked' },
  EDITOR_TOKEN_SIGNED_FOR_EMULATOR: {
    message: ({ alg }: { alg: string }) => `the token is signed with ${alg}, and this server runs with the Auth emulator, whose tokens are unsigned`,
  },
  EDITOR_TOKEN_EMULATOR_SILENT: { message: ({ emulatorHost }: { emulatorHost: string }) => `the Auth emulator at ${emulatorHost} does not answer` },
  EDITOR_TOKEN_EMULATOR_NO_ACCOUNT: { message: ({ email }: { email: string }) => `the Auth emulator has no account ${email} with that id` },
  EDITOR_GOOGLE_KEYS_UNREACHABLE: { message: ({ failure }: { failure: string }) => `Google's keys could not be fetched: ${failure}` },
});
