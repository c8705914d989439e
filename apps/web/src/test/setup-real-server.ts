import { configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { endTest, startTest } from './setup-window';

// The `web-server` project (real-server.ts): no msw, every call reaches the real server of the file.

// A screen's first answers come from a server and PostgreSQL sharing the machine with the other workers, and its
// lazily loaded modules are often the worker's first: findBy/waitFor wait longer than the 5 s of setup-window.ts.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(startTest);
afterEach(endTest);
