import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, authConfig } from '../../src/auth/config';

describe('authConfig', () => {
  it('with nothing set, uses the demo project on the local Auth emulator', () => {
    expect(authConfig({})).toEqual({
      firebase: { apiKey: DEMO_API_KEY, projectId: 'demo-cesa', authDomain: 'demo-cesa.firebaseapp.com' },
      emulatorUrl: 'http://127.0.0.1:9099',
    });
  });

  it('lets VITE_AUTH_EMULATOR_HOST move the emulator, with or without a scheme', () => {
    expect(authConfig({ VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' }).emulatorUrl).toBe('http://127.0.0.1:9199');
    expect(authConfig({ VITE_AUTH_EMULATOR_HOST: 'http://localhost:9099' }).emulatorUrl).toBe('http://localhost:9099');
  });

  it('with a real project configured, talks to Firebase itself', () => {
    const config = authConfig({
      VITE_FIREBASE_API_KEY: 'AIza-real',
      VITE_FIREBASE_AUTH_DOMAIN: 'cesa.example.com',
      VITE_FIREBASE_PROJECT_ID: 'cesa-prod',
      VITE_FIREBASE_APP_ID: '1:2:web:3',
    });
    expect(config).toEqual({
      firebase: { apiKey: 'AIza-real', authDomain: 'cesa.example.com', projectId: 'cesa-prod', appId: '1:2:web:3' },
      emulatorUrl: null,
    });
  });

  it('derives the auth domain from the project id when it is not given, and ignores blank values', () => {
    const config = authConfig({ VITE_FIREBASE_API_KEY: 'AIza-real', VITE_FIREBASE_PROJECT_ID: 'cesa-prod', VITE_FIREBASE_APP_ID: ' ' });
    expect(config.firebase).toEqual({ apiKey: 'AIza-real', authDomain: 'cesa-prod.firebaseapp.com', projectId: 'cesa-prod' });
    expect(authConfig({ VITE_FIREBASE_API_KEY: '  ' }).emulatorUrl).toBe('http://127.0.0.1:9099');
  });

  it('can point a real configuration at an emulator', () => {
    expect(authConfig({ VITE_FIREBASE_API_KEY: 'k', VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).emulatorUrl).toBe('http://127.0.0.1:9099');
  });
});
