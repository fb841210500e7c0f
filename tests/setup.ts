import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 15 s instead of 1 s: on a small shared CI machine running every test file on both
// cores, a busy few seconds are not a failure (5 s was exceeded twice with the machine also building 5,000 pages).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());
