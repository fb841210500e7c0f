import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadSections } from '../src/sections/registry';

// Sections render the way pages do (one lazy component per type); with their code loaded first,
// they render synchronously, so tests see the section at once.
await preloadSections();

afterEach(() => cleanup());
