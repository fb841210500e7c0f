/**
 * Who is signing in to the hosted editor: a Firebase ID token (from the Google popup on the academy's
 * Firebase project), checked here by the server itself. A token is accepted only when Google signed it
 * (RS256, one of the keys Google publishes for Firebase), for this server's project (issuer and
 * audience come from the server's configuration, never from content: an editor who could name the
 * project could have another project's tokens accepted), not expired, not issued in the future, for a
 * non-empty subject, with a verified email, signed in with Google.
 *
 * The Auth emulator signs nothing (its tokens say `alg: none`), so anyone can write one for any
 * account: emulator mode exists only for a `demo-` project (a project that exists only in the
 * emulator) on a server that listens on loopback, and it asks the emulator whether the account exists.
 * Anything else with the emulator refuses to start (emulatorModeProblem).
 */
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { ADMIN, SIGN_IN_REASONS } from '../errors';

/** Google's public keys for Firebase ID tokens (rotated by Google; jose caches them). */
export const GOOGLE_KEYS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** A token's clock may run a little ahead of or behind the server's. */
export const CLOCK_TOLERANCE_SECONDS = 30;

export const issuerOf = (projectId: string) => `https://securetoken.google.com/${projectId}`;

/** The account a token names, once checked. */
export interface VerifiedAccount {
  uid: string;
  email: string;
  /** The name Google gives, if any (editors.yaml's name is what commits carry). */
  name: string | undefined;
}

/** A token that is not accepted, and why (for the server's log and the person signing in; never the token itself). */
export class TokenRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TokenRefusal';
  }
}

/**
 * Google's keys could not be fetched (no network, a name that does not resolve, a refused connection,
 * no answer in time, an answer that is not the keys): nothing is known of the token. The message
 * says which, for the server's log.
 */
export class KeysUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeysUnreachable';
  }
}

/** Network codes of Node (and undici's) for a fetch that never got an answer. */
const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT']);

/** Why fetching the keys failed, when `error` is such a failure (fetch's TypeError carries the network error as its cause). */
function keysFailure(error: unknown): string | undefined {
  if (error instanceof errors.JWKSTimeout) return 'no answer from Google in time (timeout)';
  if (error instanceof errors.JOSEError && /JSON Web Key Set HTTP response/.test(error.message)) return `Google's answer was not its keys (${error.message})`;
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth++) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return `${code} ${cause.message}`.trim();
  }
  if (error instanceof TypeError && error.message === 'fetch failed') return 'fetch failed';
  return undefined;
}

export interface TokenVerifier {
  /** The token's account, or a TokenRefusal saying why not (KeysUnreachable when it could not be checked). */
  verify(token: string): Promise<VerifiedAccount>;
}

interface ClaimOptions {
  projectId: string;
  /** Seconds since 1970: the server's clock. */
  now: number;
}

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = (payload as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The claims every Firebase ID token must have for this server, whether signed by Google or by the
 * emulator: checked here too for a signed token, so both paths refuse the same things in the same words.
 */
export function checkClaims(payload: JWTPayload, { projectId, now }: ClaimOptions): VerifiedAccount {
  if (payload.iss !== issuerOf(projectId)) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_OTHER_ISSUER', { issuer: String(payload.iss) }));
  if (payload.aud !== projectId) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_OTHER_AUDIENCE', { audience: JSON.stringify(payload.aud) }));
  if (typeof payload.exp !== 'number') throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_NO_EXPIRY'));
  if (payload.exp <= now - CLOCK_TOLERANCE_SECONDS) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_EXPIRED'));
  if (typeof payload.iat !== 'number') throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_NO_ISSUE_TIME'));
  if (payload.iat > now + CLOCK_TOLERANCE_SECONDS) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_ISSUED_IN_FUTURE'));
  const authTime = (payload as Record<string, unknown>).auth_time;
  if (typeof authTime === 'number' && authTime > now + CLOCK_TOLERANCE_SECONDS) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_SIGNED_IN_FUTURE'));
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_NO_SUBJECT'));
  const email = stringClaim(payload, 'email');
  if (!email) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_NO_EMAIL'));
  if ((payload as Record<string, unknown>).email_verified !== true) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_EMAIL_NOT_VERIFIED', { email }));
  const firebase = (payload as Record<string, unknown>).firebase;
  const provider = typeof firebase === 'object' && firebase !== null ? (firebase as Record<string, unknown>).sign_in_provider : undefined;
  if (provider !== 'google.com') throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_NOT_GOOGLE', { provider: typeof provider === 'string' ? provider : 'an unknown provider' }));
  return { uid: payload.sub, email: email.toLowerCase(), name: stringClaim(payload, 'name') };
}

function headerAlg(token: string): string {
  try {
    const alg = decodeProtectedHeader(token).alg;
    return typeof alg === 'string' ? alg : 'none given';
  } catch {
    throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_NOT_JWT'));
  }
}

/** jose's refusals in words (the claims themselves are checked by checkClaims, with the same words for both paths). */
function reasonOf(error: unknown): string {
  if (error instanceof TokenRefusal) return error.reason;
  if (error instanceof errors.JWTExpired) return SIGN_IN_REASONS.text('EDITOR_TOKEN_EXPIRED');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return SIGN_IN_REASONS.text('EDITOR_TOKEN_OTHER_ISSUER_UNNAMED');
    if (error.claim === 'aud') return SIGN_IN_REASONS.text('EDITOR_TOKEN_OTHER_AUDIENCE_UNNAMED');
    return SIGN_IN_REASONS.text('EDITOR_TOKEN_CLAIM_REFUSED', { claim: error.claim });
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return SIGN_IN_REASONS.text('EDITOR_TOKEN_SIGNATURE_MISMATCH');
  if (error instanceof errors.JWKSNoMatchingKey) return SIGN_IN_REASONS.text('EDITOR_TOKEN_UNKNOWN_KEY');
  if (error instanceof errors.JOSEAlgNotAllowed) return SIGN_IN_REASONS.text('EDITOR_TOKEN_NOT_RS256');
  if (error instanceof errors.JOSEError) return SIGN_IN_REASONS.text('EDITOR_TOKEN_UNCHECKABLE_CODE', { code: error.code });
  return SIGN_IN_REASONS.text('EDITOR_TOKEN_UNCHECKABLE');
}

export interface SignedVerifierOptions {
  projectId: string;
  /** Google's keys (GOOGLE_KEYS_URL); tests give a local key set. */
  keys?: JWTVerifyGetKey;
  /** Seconds since 1970; tests move the clock. */
  now?: () => number;
}

const systemNow = () => Math.floor(Date.now() / 1000);

/** Production: tokens signed by Google for `projectId`. */
export function signedTokenVerifier({ projectId, keys = createRemoteJWKSet(new URL(GOOGLE_KEYS_URL)), now = systemNow }: SignedVerifierOptions): TokenVerifier {
  return {
    async verify(token) {
      const alg = headerAlg(token);
      if (alg !== 'RS256') throw new TokenRefusal(alg === 'none' ? SIGN_IN_REASONS.text('EDITOR_TOKEN_UNSIGNED') : SIGN_IN_REASONS.text('EDITOR_TOKEN_WRONG_ALGORITHM', { alg }));
      const at = now();
      try {
        const { payload } = await jwtVerify(token, keys, {
          algorithms: ['RS256'],
          issuer: issuerOf(projectId),
          audience: projectId,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: new Date(at * 1000),
        });
        return checkClaims(payload, { projectId, now: at });
      } catch (error) {
        const failure = keysFailure(error);
        if (failure !== undefined) throw new KeysUnreachable(SIGN_IN_REASONS.text('EDITOR_GOOGLE_KEYS_UNREACHABLE', { failure }));
        throw new TokenRefusal(reasonOf(error));
      }
    },
  };
}

/** Why emulator mode may not run here, or undefined when it may (a `demo-` project, a loopback address). */
export function emulatorModeProblem(projectId: string, host: string): string | undefined {
  if (!projectId.startsWith('demo-')) {
    return ADMIN.text('ADMIN_EMULATOR_REAL_PROJECT', { projectId });
  }
  if (!isLoopbackHost(host)) {
    return ADMIN.text('ADMIN_EMULATOR_NOT_LOOPBACK', { host });
  }
  return undefined;
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface EmulatorVerifierOptions {
  projectId: string;
  /** `127.0.0.1:9099`: must be loopback too. */
  emulatorHost: string;
  /** The server's listening address (emulatorModeProblem). */
  host: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * Offline: the emulator's unsigned tokens, with the same claims checked, and the account confirmed
 * with the emulator (accounts:lookup), so a token for an account the emulator does not know is refused.
 * Throws at once, before anything listens, when emulator mode may not run here.
 */
export function emulatorTokenVerifier({ projectId, emulatorHost, host, fetch: fetchImpl = fetch, now = systemNow }: EmulatorVerifierOptions): TokenVerifier {
  const problem = emulatorModeProblem(projectId, host);
  if (problem) throw new Error(problem);
  const emulatorName = emulatorHost.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (!isLoopbackHost(emulatorName)) throw new Error(ADMIN.text('ADMIN_EMULATOR_ELSEWHERE', { emulatorHost }));
  return {
    async verify(token) {
      const alg = headerAlg(token);
      if (alg !== 'none') throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_SIGNED_FOR_EMULATOR', { alg }));
      let payload: JWTPayload;
      try {
        payload = decodeJwt(token);
      } catch {
        throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_NOT_JWT'));
      }
      const account = checkClaims(payload, { projectId, now: now() });
      let found = false;
      try {
        const response = await fetchImpl(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:lookup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
          body: JSON.stringify({ localId: [account.uid] }),
          signal: AbortSignal.timeout(5000),
        });
        const body = (await response.json()) as { users?: { localId?: string; email?: string; disabled?: boolean }[] };
        found = response.ok && (body.users ?? []).some((user) => user.localId === account.uid && user.email?.toLowerCase() === account.email && user.disabled !== true);
      } catch {
        throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_EMULATOR_SILENT', { emulatorHost }));
      }
      if (!found) throw new TokenRefusal(SIGN_IN_REASONS.text('EDITOR_TOKEN_EMULATOR_NO_ACCOUNT', { email: account.email }));
      return account;
    },
  };
}
