import { describe, expect, it } from 'vitest';
import { authConfig } from '../../src/auth/config';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_PROJECT_ID, isDemoProject } from '../../src/content/firebase-demo';
import { FirebaseSchema, type FirebaseWebConfig } from '../../src/content/site-schema';

const demo: FirebaseWebConfig = { apiKey: DEMO_API_KEY, authDomain: 'demo-cesa.firebaseapp.com', projectId: 'demo-cesa', appId: DEMO_APP_ID };
const real: FirebaseWebConfig = {
  apiKey: 'AIzaSyA-fake-key-for-tests-0123456789ab',
  authDomain: 'cesa-academy.firebaseapp.com',
  projectId: 'cesa-academy',
  appId: '1:123456789012:web:0123456789abcdef',
};

describe('authConfig', () => {
  it('with the example (demo-) project, uses the local Auth emulator', () => {
    expect(authConfig({}, demo)).toEqual({
      firebase: { apiKey: DEMO_API_KEY, projectId: 'demo-cesa', authDomain: 'demo-cesa.firebaseapp.com', appId: DEMO_APP_ID },
      emulatorUrl: 'http://127.0.0.1:9099',
    });
    expect(isDemoProject('demo-cesa')).toBe(true);
    expect(isDemoProject('cesa-academy')).toBe(false);
  });

  it('a site without a firebase block (the schema default) signs in with the local emulator', () => {
    const web = FirebaseSchema.parse(undefined);
    expect(web.projectId).toBe(DEMO_PROJECT_ID);
    expect(authConfig({}, web).emulatorUrl).toBe('http://127.0.0.1:9099');
  });

  it('lets VITE_AUTH_EMULATOR_HOST move the emulator, with or without a scheme', () => {
    expect(authConfig({ VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' }, demo).emulatorUrl).toBe('http://127.0.0.1:9199');
    expect(authConfig({ VITE_AUTH_EMULATOR_HOST: 'http://localhost:9099' }, demo).emulatorUrl).toBe('http://localhost:9099');
    expect(authConfig({ VITE_AUTH_EMULATOR_HOST: '  ' }, demo).emulatorUrl).toBe('http://127.0.0.1:9099');
  });

  it('with a real project configured, talks to Firebase itself', () => {
    expect(authConfig({}, real)).toEqual({ firebase: real, emulatorUrl: null });
    const { appId: _, ...withoutAppId } = real;
    expect(authConfig({}, withoutAppId).firebase).toEqual(withoutAppId);
  });

  it('can point a real configuration at an emulator', () => {
    expect(authConfig({ VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, real).emulatorUrl).toBe('http://127.0.0.1:9099');
  });

  it('uses only the project it is given: nothing in the page changes it', () => {
    // The old design read the site's block from a JSON data element in the page; there is none now.
    const stale = document.createElement('script');
    stale.type = 'application/json';
    stale.id = 'cesa-data';
    stale.textContent = JSON.stringify({ site: { firebase: demo } });
    document.body.append(stale);
    try {
      expect(authConfig({}, real)).toEqual({ firebase: real, emulatorUrl: null });
      expect(authConfig({}, demo).firebase.projectId).toBe('demo-cesa');
    } finally {
      stale.remove();
    }
  });
});
