import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 5 s instead of 1 s: on a small shared CI machine a busy second is not a failure.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
