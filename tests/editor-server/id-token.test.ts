/**
 * The hosted editor's token check against a local RS256 key set standing in for Google's: a good
 * token is accepted, and each way a token can be wrong is refused with its own reason.
 */
// @tier slow: opens a server to find a closed port
// @vitest-environment node
import { createRemoteJWKSet, customFetch, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorModeProblem, emulatorTokenVerifier, KeysUnreachable, signedTokenVerifier, TokenRefusal, type TokenVerifier } from '../../editor/hosted/id-token';
import { closedPort } from '../helpers/closed-port';
import { claimsFor, signed, testKeys, unsigned, type TestKeys } from './tokens';

const PROJECT = 'cesa-academy';
const asha = { email: 'asha.editor@example.com', name: 'Asha Editor' };

let keys: TestKeys;
let verifier: TokenVerifier;

beforeAll(async () => {
  keys = await testKeys();
  verifier = signedTokenVerifier({ projectId: PROJECT, keys: keys.keys });
});

async function refusal(token: string | Promise<string>, using = verifier): Promise<string> {
  try {
    await using.verify(await token);
  } catch (error) {
    if (error instanceof TokenRefusal) return error.reason;
    throw error;
  }
  throw new Error('the token was accepted');
}

const now = () => Math.floor(Date.now() / 1000);

describe('signed tokens (production)', () => {
  it('accepts a token Google signed for this project, with the account it names', async () => {
    const account = await verifier.verify(await signed(claimsFor(asha, PROJECT), keys.privateKey));
    expect(account).toEqual({ uid: `uid-${asha.email}`, email: asha.email, name: asha.name });
  });

  it('refuses each wrong token with its reason', async () => {
    const sign = (overrides: Record<string, unknown>) => signed(claimsFor(asha, PROJECT, overrides), keys.privateKey);
    expect(await refusal(sign({ aud: 'other-project' }))).toBe('the token is meant for another Firebase project');
    expect(await refusal(sign({ iss: 'https://securetoken.google.com/other-project' }))).toBe('the token was issued for another Firebase project');
    expect(await refusal(sign({ exp: now() - 3600, iat: now() - 7200, auth_time: now() - 7200 }))).toBe('the sign-in has expired');
    expect(await refusal(sign({ iat: now() + 3600 }))).toBe('the token says it was issued in the future');
    expect(await refusal(sign({ sub: '' }))).toMatch(/empty subject|sub/);
    expect(await refusal(sign({ email_verified: false }))).toBe(`the email address ${asha.email} is not verified`);
    expect(await refusal(sign({ email: undefined }))).toBe('the account has no email address');
    expect(await refusal(sign({ firebase: { sign_in_provider: 'password' } }))).toBe('the account signed in with password, not with Google');
  });

  it('refuses a token of another Firebase project, whole (issuer and audience)', async () => {
    const other = signed(claimsFor(asha, 'another-academy'), keys.privateKey);
    expect(await refusal(other)).toMatch(/another Firebase project/);
  });

  it('refuses a forged signature, a key Google does not publish, another algorithm and an unsigned token', async () => {
    const good = await signed(claimsFor(asha, PROJECT), keys.privateKey);
    const [header, payload] = good.split('.');
    const forgedPayload = Buffer.from(JSON.stringify(claimsFor({ ...asha, email: 'mallory@example.com' }, PROJECT))).toString('base64url');
    expect(await refusal(`${header}.${forgedPayload}.${good.split('.')[2]}`)).toBe("the token's signature does not match Google's keys (forged or damaged)");
    expect(await refusal(signed(claimsFor(asha, PROJECT), keys.otherKey))).toBe("the token's signature does not match Google's keys (forged or damaged)");
    expect(await refusal(signed(claimsFor(asha, PROJECT), keys.otherKey, 'unknown-kid'))).toBe('the token was signed with a key Google does not publish');
    const hs256 = new SignJWT(claimsFor(asha, PROJECT)).setProtectedHeader({ alg: 'HS256', kid: 'google-1' }).sign(new TextEncoder().encode('a shared secret of 32 bytes ....'));
    expect(await refusal(hs256)).toBe('the token is signed with HS256, not RS256');
    expect(await refusal(unsigned(claimsFor(asha, PROJECT)))).toBe('the token is not signed (an emulator token, and this server does not run with the emulator)');
    expect(await refusal(`${header}.${payload}`)).toBe('the token is not a JWT');
    expect(await refusal('not a token')).toBe('the token is not a JWT');
  });

  it('allows a little clock drift, no more', async () => {
    const slightlyAhead = signed(claimsFor(asha, PROJECT, { iat: now() + 10 }), keys.privateKey);
    await expect(verifier.verify(await slightlyAhead)).resolves.toMatchObject({ email: asha.email });
  });
});

describe('Google’s keys out of reach', () => {
  it('is not a refused token: the failure says it is the network, and which', async () => {
    const offline = signedTokenVerifier({ projectId: PROJECT, keys: createRemoteJWKSet(new URL(`http://127.0.0.1:${await closedPort()}/keys`)) });
    const failure = await offline.verify(await signed(claimsFor(asha, PROJECT), keys.privateKey)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KeysUnreachable);
    expect((failure as Error).message).toMatch(/^Google's keys could not be fetched: ECONNREFUSED/);
  });

  it('an answer that is not the keys (Google failing) is said the same way', async () => {
    const failing = (() => Promise.resolve(new Response('unavailable', { status: 503 }))) as unknown as typeof fetch;
    const offline = signedTokenVerifier({ projectId: PROJECT, keys: createRemoteJWKSet(new URL('https://keys.invalid/keys'), { [customFetch]: failing }) });
    const failure = await offline.verify(await signed(claimsFor(asha, PROJECT), keys.privateKey)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KeysUnreachable);
    expect((failure as Error).message).toMatch(/^Google's keys could not be fetched: Google's answer was not its keys/);
  });
});

describe('emulator mode', () => {
  const lookupOf = (users: unknown[]) => (() => Promise.resolve(new Response(JSON.stringify({ users }), { status: 200 }))) as unknown as typeof fetch;

  it('runs only for a demo- project on loopback, and says why otherwise', () => {
    expect(emulatorModeProblem('demo-cesa', '127.0.0.1')).toBeUndefined();
    expect(emulatorModeProblem('cesa-academy', '127.0.0.1')).toMatch(/only with a demo- project, and the project is cesa-academy/);
    expect(emulatorModeProblem('demo-cesa', '0.0.0.0')).toMatch(/listens only on this computer.*0\.0\.0\.0/);
    expect(() => emulatorTokenVerifier({ projectId: 'cesa-academy', emulatorHost: '127.0.0.1:9099', host: '127.0.0.1' })).toThrow(/demo- project/);
    expect(() => emulatorTokenVerifier({ projectId: 'demo-cesa', emulatorHost: '127.0.0.1:9099', host: '0.0.0.0' })).toThrow(/0\.0\.0\.0/);
    expect(() => emulatorTokenVerifier({ projectId: 'demo-cesa', emulatorHost: 'emulator.example.com:9099', host: '127.0.0.1' })).toThrow(/on this computer/);
  });

  it('accepts an unsigned token of an account the emulator has, with the same claims checked', async () => {
    const uid = `uid-${asha.email}`;
    const emulator = emulatorTokenVerifier({ projectId: 'demo-cesa', emulatorHost: '127.0.0.1:9099', host: '127.0.0.1', fetch: lookupOf([{ localId: uid, email: asha.email }]) });
    await expect(emulator.verify(unsigned(claimsFor(asha, 'demo-cesa')))).resolves.toMatchObject({ uid, email: asha.email });
    expect(await refusal(unsigned(claimsFor(asha, 'demo-other')), emulator)).toMatch(/another Firebase project/);
    expect(await refusal(unsigned(claimsFor(asha, 'demo-cesa', { email_verified: false })), emulator)).toMatch(/not verified/);
    expect(await refusal(signed(claimsFor(asha, 'demo-cesa'), keys.privateKey), emulator)).toMatch(/signed with RS256/);
  });

  it('refuses an account the emulator does not have', async () => {
    const emulator = emulatorTokenVerifier({ projectId: 'demo-cesa', emulatorHost: '127.0.0.1:9099', host: '127.0.0.1', fetch: lookupOf([]) });
    expect(await refusal(unsigned(claimsFor(asha, 'demo-cesa')), emulator)).toBe(`the Auth emulator has no account ${asha.email} with that id`);
  });
});
