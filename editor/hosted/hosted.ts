/**
 * What the hosted editor's parts share, made once at start-up from its options (HostedOptions): who
 * signs in (the token verifier, the sessions, the checks of editors.yaml), the site's repository and
 * the drafts' work trees in it, the publisher, the limits, the previews, and the editor's own origin
 * (known once the server listens, when it is not configured). Sign-in (sign-in.ts), the API's routes
 * (routes.ts) and the files (static-files.ts) each take it; server.ts assembles them.
 */
import path from 'node:path';
import type { EditorApp } from './app-files';
import { DraftOwners } from './draft-owners';
import { CHECK_LIMITS, CheckThreads, type CheckLimits } from './check-threads';
import { systemClock, type Clock } from './clock';
import { DraftWorkTrees } from './drafts';
import { emulatorTokenVerifier, signedTokenVerifier, type TokenVerifier } from './id-token';
import { DraftPreviews } from './previews';
import { DEFAULT_LIMITS, RateLimiter, type Limit, type Limited } from './rate-limit';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './request-limits';
import { editorHeaders } from './security-headers';
import { SessionStore } from './sessions';
import { signedInChecks } from './signed-in';
import type { Deployer } from '../publish/deploy';
import { Publisher, type PublisherOptions } from '../publish/publisher';
import { SiteRepository, type Person } from '../repo/repository';

export type Log = (entry: Record<string, unknown>) => void;

export interface HostedOptions {
  /** The project whose code the server runs (the editor's schemas and section examples). */
  root: string;
  /** Where the server listens. */
  host: string;
  port: number;
  /**
   * The address editors open (`https://editor.cesa.example`): the only origin writes are accepted
   * from. Default, on loopback only: the address the server listens on.
   */
  origin?: string | undefined;
  /** The Firebase project editors sign in with: the only issuer and audience accepted. */
  projectId: string;
  /** What the browser's Firebase SDK needs beside the project id. */
  firebase: { apiKey: string; authDomain: string };
  /** `127.0.0.1:9099`: emulator mode (a demo- project on loopback only). */
  emulatorHost?: string | undefined;
  /** The site's repository (from the configuration only). */
  remote: string;
  /** The server's own folder: its repository, drafts, sessions, caches. */
  stateDir: string;
  /** Who commits (the editor is the author of each commit). */
  committer?: Person;
  /** How long a fetched main is trusted when reading editors.yaml (ms); writes always fetch first. Default 5 s. */
  mainMaxAgeMs?: number;
  /** The built browser app; without it only the API is served (tests). */
  app?: EditorApp | undefined;
  /** Tests give a verifier with local keys; otherwise Google's keys, or the emulator's lookup. */
  verifier?: TokenVerifier;
  /**
   * Build each draft's whole site after its saves (previews.ts) and serve it, to its editor only
   * (preview-access.ts), on an origin of its own: at `previewOrigin` when it is given, else on a
   * loopback port per draft (the server then must listen on this computer only). Default false.
   */
  previews?: boolean;
  /**
   * The previews' address on a server, with the draft's place as the first label of a wildcard name
   * (`https://{draft}.preview.example.org`): this process answers those names too, by `Host`. Turns previews on.
   */
  previewOrigin?: string | undefined;
  /** How much one editor may ask (rate-limit.ts); tests lower them. */
  limits?: Partial<Record<Limited, Limit>>;
  /** How long and how much a request may take (request-limits.ts); tests shorten them. */
  requestLimits?: Partial<RequestLimits>;
  /**
   * The addresses of the proxies in front of the server (CESA_EDITOR_TRUSTED_PROXIES): only their
   * X-Forwarded-For is believed, and with it requests without a session are limited per client address
   * (connection-shares.ts). None: no address is known, and no limit is per address.
   */
  trustedProxies?: readonly string[] | undefined;
  /** The memory and time one page's check may take on its thread (check-threads.ts); tests lower them. */
  checkLimits?: Partial<CheckLimits>;
  /** One line per event (sign-in, refusal, save): never a token or a cookie. */
  log?: Log;
  /** Where publishing puts the site live (publish/deploy.ts); without one, publishing is refused with why. */
  deployer?: Deployer | null;
  /** Tests: told after each step of a publish (publish/publisher.ts). */
  onPublishStep?: PublisherOptions['onStep'];
  /**
   * What the server takes the time to be (clock.ts; `CESA_NOW`): when schedules run, when the date
   * changes in India, the date every build is made for. Default the computer's clock. Sign-in,
   * sessions and limits keep the real clock: Google's tokens are dated by it.
   */
  clock?: Clock;
}

const SERVER_COMMITTER: Person = { name: 'CESA editor server', email: 'editor-server@localhost' };

/** The parts of one running hosted editor, shared by its routes. */
export interface Hosted {
  options: HostedOptions;
  /** `https://editor.example.org`, or the address it listens on (set by server.ts once it listens). */
  origin: string;
  /** `editor.example.org`: what `Host` must say. */
  originHost: string;
  /** Whether the editor is served over https (its cookies are Secure then). */
  secure: boolean;
  /** The session cookie's name: `__Host-` binds it to this host and path /, and needs Secure (https). */
  cookieName: string;
  log: Log;
  clock: Clock;
  verifier: TokenVerifier;
  repository: SiteRepository;
  publisher: Publisher;
  sessions: SessionStore;
  drafts: DraftWorkTrees;
  /** The threads that check what editors send (check-threads.ts). */
  checks: CheckThreads;
  limiter: RateLimiter;
  requestLimits: RequestLimits;
  previews: DraftPreviews | null;
  headersFor: ReturnType<typeof editorHeaders>;
  /** Who asks: the session of a request, and whether editors.yaml on main lists them (signed-in.ts). */
  who: ReturnType<typeof signedInChecks>;
  /** Whose each draft is, whatever editors.yaml said before (draft-owners.ts). */
  owners: DraftOwners;
}

/** Google's keys, or the emulator's lookup (checked even when a test gives its own verifier: emulator mode never runs where it may not). */
function verifierOf(options: HostedOptions): TokenVerifier {
  if (options.emulatorHost === undefined) return options.verifier ?? signedTokenVerifier({ projectId: options.projectId });
  const emulator = emulatorTokenVerifier({ projectId: options.projectId, emulatorHost: options.emulatorHost, host: options.host });
  return options.verifier ?? emulator;
}

/** The site's repository and the publisher, opened (a publish a crash interrupted is finished, or dropped, before anyone can publish again). */
async function openRepositories(options: HostedOptions, log: Log, clock: Clock): Promise<{ repository: SiteRepository; publisher: Publisher }> {
  const committer = options.committer ?? SERVER_COMMITTER;
  const repository = new SiteRepository({ stateDir: options.stateDir, remote: options.remote, committer, mainMaxAgeMs: options.mainMaxAgeMs ?? 5000, log });
  await repository.open();
  const publisher = new Publisher({
    root: options.root,
    stateDir: options.stateDir,
    remote: options.remote,
    committer,
    deployer: options.deployer ?? null,
    log,
    clock,
    ...(options.onPublishStep ? { onStep: options.onPublishStep } : {}),
  });
  await publisher.open();
  return { repository, publisher };
}

export async function assemble(options: HostedOptions): Promise<Hosted> {
  // Known once the server listens, when not configured (loopback only).
  const origin = options.origin === undefined ? '' : new URL(options.origin).origin;
  const secure = origin.startsWith('https:');
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((entry) => console.log(JSON.stringify({ time: clock.iso(), ...entry })));
  const verifier = verifierOf(options);
  const { repository, publisher } = await openRepositories(options, log, clock);
  const sessions = new SessionStore(path.join(options.stateDir, 'sessions.json'));
  const cookieName = secure ? '__Host-cesa_editor' : 'cesa_editor';
  const wholeSite = options.previews || options.previewOrigin !== undefined;
  const owners = new DraftOwners(path.join(options.stateDir, 'draft-owners.json'), (id) => repository.draftAuthors(id));
  const checks = new CheckThreads({ ...CHECK_LIMITS, ...options.checkLimits });
  return {
    owners,
    options,
    origin,
    originHost: origin ? new URL(origin).host : '',
    secure,
    cookieName,
    log,
    clock,
    verifier,
    repository,
    publisher,
    sessions,
    drafts: new DraftWorkTrees(options.root, options.stateDir, repository, checks.prepare, clock),
    checks,
    limiter: new RateLimiter({ ...DEFAULT_LIMITS, ...options.limits }),
    requestLimits: { ...DEFAULT_REQUEST_LIMITS, ...options.requestLimits },
    previews: wholeSite ? new DraftPreviews({ root: options.root, stateDir: options.stateDir, localEmulator: options.emulatorHost !== undefined, log, clock }) : null,
    headersFor: editorHeaders({ authDomain: options.firebase.authDomain, emulatorUrl: options.emulatorHost ? `http://${options.emulatorHost}` : null, secure }),
    who: signedInChecks({ repository, owners, sessions, cookieName, log }),
  };
}
