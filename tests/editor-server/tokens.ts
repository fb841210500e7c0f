/**
 * Firebase-shaped ID tokens for the hosted editor's tests: signed with a local RS256 key set that
 * stands in for Google's (never fetched), or unsigned as the Auth emulator makes them.
 */
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface TestKeys {
  /** What the verifier is given instead of Google's published keys. */
  keys: JWTVerifyGetKey;
  privateKey: CryptoKey;
  /** A key Google does not publish (a forger's). */
  otherKey: CryptoKey;
}

export async function testKeys(): Promise<TestKeys> {
  const google = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
  return { keys: createLocalJWKSet({ keys: [jwk] }), privateKey: google.privateKey, otherKey: forger.privateKey };
}

export interface Account {
  email: string;
  name: string;
  uid?: string;
}

/** The claims Firebase puts in a Google sign-in's ID token, for `projectId`; `overrides` replace any. */
export function claimsFor(account: Account, projectId: string, overrides: Partial<JWTPayload> & Record<string, unknown> = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 10,
    user_id: account.uid ?? `uid-${account.email}`,
    sub: account.uid ?? `uid-${account.email}`,
    iat: now - 10,
    exp: now + 3600,
    email: account.email,
    email_verified: true,
    name: account.name,
    firebase: { identities: { 'google.com': ['1234'], email: [account.email] }, sign_in_provider: 'google.com' },
    ...overrides,
  };
}

/** An ID token as Google signs it. */
export function signed(claims: JWTPayload, key: CryptoKey, kid = 'google-1'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

/** An ID token as the Auth emulator makes it: `alg: none`, no signature. */
export function unsigned(claims: JWTPayload): string {
  return new UnsecuredJWT(claims).encode();
}
