import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadSections } from '../src/sections/registry';

// Sections render the way pages do (one lazy component per type); with their code loaded first,
// they render synchronously, so tests see the section at once.
await preloadSections();

// findBy…/waitFor wait up to 5 s instead of 1 s: on a small shared CI machine a busy second is not a failure.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
