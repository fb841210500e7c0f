/**
 * Who may see a draft's whole-site preview: the ticket "Preview the whole site" carries (signed by the
 * server, once, for a minute, for one draft) and the preview's own cookie; and which draft a request's
 * `Host` names when previews live on a wildcard name. (tests/editor-server/hosted-server.test.ts runs
 * them over HTTP, with the editors' list and sessions.)
 */
// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { draftLabel, MAX_USED_TICKETS, NamedPreviewOrigins, PREVIEW_COOKIE_MS, PreviewPasses, PreviewRefusal, previewOriginProblem, previewSecret, statePreviewPasses, TICKET_MS } from '../../editor/hosted/preview-access';

const asha = { draft: 'asha-editor-example-com', email: 'asha.editor@example.com', session: 'a'.repeat(64) };
const ravi = { draft: 'ravi-editor-example-com', email: 'ravi.editor@example.com', session: 'b'.repeat(64) };

/** Passes on a clock the test moves. */
function passesAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, passes: new PreviewPasses(randomBytes(32), () => clock.now) };
}

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof PreviewRefusal) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

/** The pass's JSON, changed by `change`, with the original signature. */
function tampered(pass: string, change: (payload: Record<string, unknown>) => void): string {
  const [payload, mac] = pass.split('.') as [string, string];
  const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(data);
  return `${Buffer.from(JSON.stringify(data)).toString('base64url')}.${mac}`;
}

describe('a ticket to a draft’s preview', () => {
  it('lets its editor into their own draft’s preview once', () => {
    const { passes } = passesAt();
    const ticket = passes.ticket(asha);
    expect(passes.redeem(ticket, draftLabel(asha.draft))).toEqual(asha);
    expect(refusal(() => passes.redeem(ticket, draftLabel(asha.draft)))).toEqual({ status: 403, message: expect.stringMatching(/^This preview link was already used: each works once\. Open it again from the editor/) as unknown });
  });

  it('is refused on another draft’s preview, and stays good for its own', () => {
    const { passes } = passesAt();
    const ticket = passes.ticket(asha);
    expect(refusal(() => passes.redeem(ticket, draftLabel(ravi.draft)))).toEqual({ status: 403, message: expect.stringMatching(/^This link opens the preview of another draft\./) as unknown });
    expect(passes.redeem(ticket, draftLabel(asha.draft)).email).toBe(asha.email);
  });

  it('is refused after a minute', () => {
    const { clock, passes } = passesAt();
    const ticket = passes.ticket(asha);
    clock.now += TICKET_MS;
    expect(refusal(() => passes.redeem(ticket, draftLabel(asha.draft)))).toEqual({ status: 403, message: expect.stringMatching(/^This preview link has expired/) as unknown });
  });

  it('is refused when forged: changed after signing, signed with another secret, or made up', () => {
    const { passes } = passesAt();
    const other = new PreviewPasses(randomBytes(32));
    const ticket = passes.ticket(asha);
    const forgeries = [
      tampered(ticket, (data) => (data.draft = ravi.draft)),
      tampered(ticket, (data) => (data.expires = Number(data.expires) + 3_600_000)),
      other.ticket(asha),
      `${ticket}x`,
      `${ticket}.${ticket}`,
      '',
      'not-a-ticket',
    ];
    for (const forged of forgeries) {
      expect(refusal(() => passes.redeem(forged, draftLabel(asha.draft))), forged).toEqual({ status: 403, message: expect.stringMatching(/^This preview link was not made by the editor\./) as unknown });
    }
    // None of them used up the real one.
    expect(passes.redeem(ticket, draftLabel(asha.draft))).toEqual(asha);
  });

  it('is not a cookie, and a cookie is not a ticket', () => {
    const { passes } = passesAt();
    const { value } = passes.cookie(asha);
    expect(refusal(() => passes.redeem(value, draftLabel(asha.draft))).status).toBe(403);
    expect(refusal(() => passes.check(passes.ticket(asha), draftLabel(asha.draft))).status).toBe(403);
  });
});

describe('a preview’s cookie', () => {
  it('lets its holder into their draft’s preview for as long as a session lasts at most', () => {
    const { clock, passes } = passesAt();
    const { value, maxAgeS } = passes.cookie(asha);
    expect(maxAgeS * 1000).toBe(PREVIEW_COOKIE_MS);
    expect(passes.check(value, draftLabel(asha.draft))).toEqual(asha);
    // Used again and again (every file of every page).
    expect(passes.check(value, draftLabel(asha.draft))).toEqual(asha);
    clock.now += PREVIEW_COOKIE_MS;
    expect(refusal(() => passes.check(value, draftLabel(asha.draft)))).toEqual({ status: 401, message: expect.stringMatching(/^Your access to this preview has ended\./) as unknown });
  });

  it('is refused when missing (401), forged or of another draft (403)', () => {
    const { passes } = passesAt();
    const { value } = passes.cookie(asha);
    expect(refusal(() => passes.check(undefined, draftLabel(asha.draft)))).toEqual({ status: 401, message: expect.stringMatching(/^This preview of a draft is private\./) as unknown });
    expect(refusal(() => passes.check(tampered(value, (data) => (data.draft = ravi.draft)), draftLabel(ravi.draft)))).toEqual({ status: 403, message: expect.stringMatching(/^This preview link was not made by the editor\./) as unknown });
    expect(refusal(() => passes.check(value, draftLabel(ravi.draft)))).toEqual({ status: 403, message: expect.stringMatching(/^This is the preview of another draft\./) as unknown });
  });
});

describe('the server’s secret', () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'cesa-preview-secret-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('is made once, readable by the server only, and kept by the next start (so open previews stay open)', () => {
    const first = previewSecret(temp);
    expect(first.length).toBe(32);
    expect(statSync(path.join(temp, 'preview-secret')).mode & 0o777).toBe(0o600);
    expect(previewSecret(temp).equals(first)).toBe(true);
    const cookie = new PreviewPasses(first).cookie(asha).value;
    expect(new PreviewPasses(previewSecret(temp)).check(cookie, draftLabel(asha.draft))).toEqual(asha);
  });
});

describe('the tickets used, across restarts', () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'cesa-preview-used-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  const used = (state: string) => path.join(state, 'preview-tickets-used.json');

  /** A server's passes on `state` and a clock the test moves, as after each restart. */
  function restarted(state: string, clock: { now: number }) {
    return statePreviewPasses(state, () => clock.now);
  }

  it('refuses a ticket used before a restart, and forgets it once it has expired', () => {
    const state = path.join(temp, 'restart');
    const clock = { now: 1_000_000 };
    const first = restarted(state, clock);
    const ticket = first.ticket(asha);
    const unused = first.ticket(ravi);
    expect(first.redeem(ticket, draftLabel(asha.draft))).toEqual(asha);
    expect(statSync(used(state)).mode & 0o777).toBe(0o600);

    const second = restarted(state, clock);
    expect(refusal(() => second.redeem(ticket, draftLabel(asha.draft)))).toEqual({ status: 403, message: expect.stringMatching(/^This preview link was already used: each works once\./) as unknown });
    expect(second.redeem(unused, draftLabel(ravi.draft))).toEqual(ravi);

    // A minute on, both have expired: the list keeps only what a new ticket adds.
    clock.now += TICKET_MS;
    const third = restarted(state, clock);
    third.redeem(third.ticket(asha), draftLabel(asha.draft));
    expect(Object.keys(JSON.parse(readFileSync(used(state), 'utf8')) as object)).toHaveLength(1);
  });

  it('refuses the tickets made before a start whose list cannot be read, and takes new ones', () => {
    const state = path.join(temp, 'broken');
    const clock = { now: 2_000_000 };
    const before = restarted(state, clock).ticket(asha);
    writeFileSync(used(state), '{"cut short');
    const after = restarted(state, clock);
    expect(refusal(() => after.redeem(before, draftLabel(asha.draft)))).toEqual({ status: 403, message: expect.stringMatching(/^This preview link was made before the editor's server restarted/) as unknown });
    clock.now += 1;
    expect(after.redeem(after.ticket(asha), draftLabel(asha.draft))).toEqual(asha);
  });

  it('refuses rather than forgets when too many were used within a minute', () => {
    const state = path.join(temp, 'full');
    const clock = { now: 3_000_000 };
    const full = Object.fromEntries(Array.from({ length: MAX_USED_TICKETS }, (_, index) => [`nonce-${index}`, clock.now + TICKET_MS]));
    const passes = restarted(state, clock);
    writeFileSync(used(state), JSON.stringify(full));
    const again = restarted(state, clock);
    expect(refusal(() => again.redeem(passes.ticket(asha), draftLabel(asha.draft)))).toEqual({ status: 429, message: expect.stringMatching(/^Too many previews were opened in the last minute\./) as unknown });
    clock.now += TICKET_MS;
    expect(again.redeem(again.ticket(asha), draftLabel(asha.draft))).toEqual(asha);
  });
});

describe('previews on a wildcard name', () => {
  const origins = new NamedPreviewOrigins('https://{draft}.preview.cesa.example');

  it('gives each draft its own origin, and tells the draft of a request by its Host', () => {
    expect(origins.originOf(asha.draft)).toBe('https://asha-editor-example-com.preview.cesa.example');
    expect(origins.originOf(ravi.draft)).not.toBe(origins.originOf(asha.draft));
    expect(origins.labelOf('asha-editor-example-com.preview.cesa.example')).toBe(draftLabel(asha.draft));
    expect(origins.labelOf('ASHA-editor-example-com.Preview.cesa.example')).toBe(draftLabel(asha.draft));
    for (const host of [undefined, 'editor.cesa.example', 'preview.cesa.example', '.preview.cesa.example', 'a.b.preview.cesa.example', 'asha.preview.cesa.example.evil.example', 'asha.preview.cesa.example:8443', '-asha.preview.cesa.example']) {
      expect(origins.labelOf(host), host).toBeUndefined();
    }
  });

  it('keeps the port it is given', () => {
    const local = new NamedPreviewOrigins('http://{draft}.preview.localhost:8787');
    expect(local.originOf(asha.draft)).toBe('http://asha-editor-example-com.preview.localhost:8787');
    expect(local.labelOf('asha-editor-example-com.preview.localhost:8787')).toBe(asha.draft);
    expect(local.labelOf('asha-editor-example-com.preview.localhost')).toBeUndefined();
    expect(local.secure).toBe(false);
  });

  it('names a long draft by one DNS label of at most 63 characters, different for two long ones', () => {
    const long = `${'a'.repeat(70)}-example-com`;
    const other = `${'a'.repeat(70)}-example-org`;
    expect(draftLabel(long).length).toBeLessThanOrEqual(63);
    expect(draftLabel(long)).not.toBe(draftLabel(other));
    expect(origins.labelOf(new URL(origins.originOf(long)).host)).toBe(draftLabel(long));
  });

  it('refuses an address without the draft’s place first, plain http off this computer, a path, or the editor’s own name', () => {
    expect(previewOriginProblem('https://{draft}.preview.cesa.example', 'https://editor.cesa.example')).toBeUndefined();
    expect(previewOriginProblem('https://preview.cesa.example', undefined)).toMatch(/must start with the draft's place/);
    expect(previewOriginProblem('https://preview-{draft}.cesa.example', undefined)).toMatch(/must start with the draft's place/);
    expect(previewOriginProblem('http://{draft}.preview.cesa.example', undefined)).toMatch(/must start with https:\/\//);
    expect(previewOriginProblem('https://{draft}.preview.cesa.example/site', undefined)).toMatch(/must be an origin only/);
    expect(previewOriginProblem('https://{draft}.cesa.example', 'https://editor.cesa.example')).toMatch(/apart from the editor's/);
  });
});
