/**
 * The layers of src/ (eslint.config.js, `layers/imports` and the content layer's
 * `no-restricted-globals`): each rule is probed with a file that breaks it and one that keeps it,
 * and every message says what to do.
 */
// @tier slow: runs ESLint
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { virtualLinter } from '../helpers/virtual-lint';

const RULE = 'layers/imports';
const GLOBALS_RULE = 'no-restricted-globals';

const ORDER = 'lib → content → page, islands, auth → ui → sections, layout → app';
const up = (source: string, target: string, layer: string) =>
  `'${source}' is in src/${target}/, a layer above src/${layer}/: src/ imports one way only, ${ORDER}. Move what both need down into src/${layer}/ or a layer below it, or have the layer above pass it in (a prop, a context).`;
const beside = (source: string, target: string, layer: string) =>
  `'${source}' is in src/${target}/, beside src/${layer}/ on the same floor: src/ imports one way only, ${ORDER}, and layers of one floor do not import each other. Move what both need down to a layer below both.`;
const notContent = (source: string, why: string) =>
  `'${source}' ${why}, and the content layer (src/content/, the sections' schema.ts) knows nothing of React, sign-in or the page: the build reads it in Node. Keep it to zod and data, and put this code in src/page/, src/ui/ or an island.`;
const auth = (source: string, layer: string) =>
  `'${source}' is sign-in (src/auth/), which only an island loads: import it from the island.tsx that needs it (see src/islands/define.ts), not from src/${layer}/.`;
const nodeModule = (source: string) =>
  `'${source}' is a Node module, but this file runs in the browser: read files in scripts/ (the build, the dev server) and pass the result in. A file of src/ that only Node runs goes in NODE_ONLY (eslint.config.js).`;
const domGlobal = (name: string) =>
  `Unexpected use of '${name}'. The content layer knows nothing of the browser or the page (the build reads it in Node): take what is needed as a parameter, or do this in src/page/, src/ui/ or an island.`;

/**
 * The files linted here exist only in memory, in folders that do not exist (see
 * tests/helpers/virtual-lint.ts for why the project service is told to open them in a default project).
 * Their relative imports lead to the real layers of src/.
 */
const VIRTUAL_FOLDERS = [
  'src/content/example',
  'src/page/example',
  'src/islands/example',
  'src/ui/example',
  'src/sections/example',
  'src/layout/example',
  'src/app/example',
  'src/widgets',
];

const layerMessages = virtualLinter(VIRTUAL_FOLDERS, [RULE, GLOBALS_RULE]);

describe('the content layer knows nothing of React, sign-in or the page', () => {
  it('importing React, react-dom or Firebase is an error that says where the code goes', async () => {
    const code = `import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { getAuth } from 'firebase/auth';

export const unused = [useState, renderToString, getAuth] as const;
`;
    expect(await layerMessages(code, 'src/content/example/probe.ts')).toEqual([
      notContent('react', 'is React'),
      notContent('react-dom/server', 'is React'),
      notContent('firebase/auth', 'is sign-in'),
    ]);
  });

  it('importing the sign-in code, the page context, a component or the app runs up the layers', async () => {
    const code = `import { authConfig } from '../../auth/config';
import type { AuthEnv } from '../../auth/config';
import { useSite } from '../../page/site-context';
import Hero from '../../sections/hero/component';
import { App } from '../../app/App';

export const unused = [authConfig, useSite, Hero, App] as const;
export type Unused = AuthEnv;
`;
    expect(await layerMessages(code, 'src/content/example/probe.ts')).toEqual([
      up('../../auth/config', 'auth', 'content'),
      up('../../auth/config', 'auth', 'content'),
      up('../../page/site-context', 'page', 'content'),
      up('../../sections/hero/component', 'sections', 'content'),
      up('../../app/App', 'app', 'content'),
    ]);
  });

  it('the browser globals are errors', async () => {
    const code = `export function here(): string {
  return window.location.href + document.title;
}
`;
    expect(await layerMessages(code, 'src/content/example/probe.ts')).toEqual([domGlobal('window'), domGlobal('document')]);
  });

  it('so are they, and React, in a section schema: it is content too', async () => {
    const code = `import * as z from 'zod';
import { useId } from 'react';

export default z.object({ id: z.string().default(() => (document.title ? useId() : '')) });
`;
    expect(await layerMessages(code, 'src/sections/hero/schema.ts')).toEqual([notContent('react', 'is React'), domGlobal('document')]);
  });

  it('zod, content, lib, the sections’ schemas and the example project are fine', async () => {
    const code = `import * as z from 'zod';
import { isRecord } from '../../lib/is-record';
import { TextSchema } from '../fields';
import { DEMO_PROJECT_ID } from '../firebase-demo';
import heroSection from '../../sections/hero/schema';
import { sectionSchemas } from '../../sections/schemas.gen';

export const probe = z.object({ title: TextSchema, project: z.string().default(DEMO_PROJECT_ID) });
export const unused = [isRecord, heroSection, sectionSchemas] as const;
`;
    expect(await layerMessages(code, 'src/content/example/probe.ts')).toEqual([]);
  });
});

describe('each layer imports only the floors below it', () => {
  it('ui importing the app, a section or the layout runs up; the page context and content are below it', async () => {
    const code = `import { NotFound } from '../../app/NotFound';
import Hero from '../../sections/hero/component';
import { Footer } from '../../layout/Footer';
import { useSite } from '../../page/site-context';
import { normaliseRoute } from '../../content/routes';
import { behaviour } from '../../islands/behaviour';

export const unused = [NotFound, Hero, Footer, useSite, normaliseRoute, behaviour] as const;
`;
    expect(await layerMessages(code, 'src/ui/example/probe.ts')).toEqual([
      up('../../app/NotFound', 'app', 'ui'),
      up('../../sections/hero/component', 'sections', 'ui'),
      up('../../layout/Footer', 'layout', 'ui'),
    ]);
  });

  it('the page context may not reach up to ui/, nor across to the islands', async () => {
    const code = `import { Img } from '../../ui/Img';
import { behaviour } from '../../islands/behaviour';

export const unused = [Img, behaviour] as const;
`;
    expect(await layerMessages(code, 'src/page/example/probe.ts')).toEqual([
      up('../../ui/Img', 'ui', 'page'),
      beside('../../islands/behaviour', 'islands', 'page'),
    ]);
  });

  it('the islands mechanism stands below the parts it loads', async () => {
    const code = `export const load = () => import('../../sections/stats/behaviour');\n`;
    expect(await layerMessages(code, 'src/islands/example/probe.ts')).toEqual([up('../../sections/stats/behaviour', 'sections', 'islands')]);
  });

  it('sections and the layout stand side by side and do not import each other', async () => {
    const code = `import { Footer } from '../../layout/Footer';
export { Footer };
`;
    expect(await layerMessages(code, 'src/sections/example/component.tsx')).toEqual([beside('../../layout/Footer', 'layout', 'sections')]);
    const back = `export * from '../../sections/hero/component';\n`;
    expect(await layerMessages(back, 'src/layout/example/probe.ts')).toEqual([beside('../../sections/hero/component', 'sections', 'layout')]);
  });

  it('the app may import every layer below it', async () => {
    const code = `import { Layout } from '../../layout/Layout';
import { SectionSlot } from '../../sections/section-slot';
import { SmartLink } from '../../ui/SmartLink';
import { SiteProvider } from '../../page/site-context';

export const unused = [Layout, SectionSlot, SmartLink, SiteProvider] as const;
`;
    expect(await layerMessages(code, 'src/app/example/probe.ts')).toEqual([]);
  });

  it('a folder in no layer is an error that says where to give it a floor', async () => {
    expect(await layerMessages(`export * from '../ui/Img';\n`, 'src/widgets/probe.ts')).toEqual([
      `This file (src/widgets/probe.ts) is in no layer of src/ (${ORDER}): put it in one of their folders, or give its folder a floor in FLOORS (eslint.config.js).`,
    ]);
  });

  it('src/ imports nothing of scripts/ or tests/', async () => {
    expect(await layerMessages(`export * from '../../../scripts/lib/hosting';\n`, 'src/ui/example/probe.ts')).toEqual([
      `'../../../scripts/lib/hosting' is outside src/: the site's code imports nothing of scripts/ or tests/. Move what it needs into src/ (scripts/ may import src/, not the other way).`,
    ]);
  });
});

describe('sign-in is loaded only by an island', () => {
  const code = `import { useAuth } from '../../auth/use-auth';
import type { SessionSnapshot } from '../../auth/session';

export const unused = useAuth;
export type Unused = SessionSnapshot;
`;

  it('a component or the layout importing src/auth/ is an error, type or not', async () => {
    expect(await layerMessages(code, 'src/sections/example/component.tsx')).toEqual([
      auth('../../auth/use-auth', 'sections'),
      auth('../../auth/session', 'sections'),
    ]);
    expect(await layerMessages(code, 'src/layout/example/probe.ts')).toEqual([auth('../../auth/use-auth', 'layout'), auth('../../auth/session', 'layout')]);
  });

  it('an island.tsx imports it', async () => {
    expect(await layerMessages(code, 'src/sections/example/island.tsx')).toEqual([]);
  });

  it('Firebase itself is imported by src/auth/ only', async () => {
    const firebase = `import { getAuth } from 'firebase/auth';\nexport const unused = getAuth;\n`;
    expect(await layerMessages(firebase, 'src/sections/example/island.tsx')).toEqual([
      `'firebase/auth' is Firebase, which only the sign-in code imports: put this in src/auth/ and call it from an island.`,
    ]);
  });
});

describe('browser code imports none of Node’s modules', () => {
  const code = `import { readFileSync } from 'node:fs';
import path from 'path';
import { readFile } from 'fs/promises';

export const unused = [readFileSync, path, readFile] as const;
`;

  it.each(['src/ui/example/probe.ts', 'src/content/example/probe.ts'])('%s may not', async (filePath) => {
    expect(await layerMessages(code, filePath)).toEqual([nodeModule('node:fs'), nodeModule('path'), nodeModule('fs/promises')]);
  });

  it('the loader, which only Node runs, may', async () => {
    expect(await layerMessages(code, 'src/content/load.ts')).toEqual([]);
  });
});
