import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first answer goes through lazy modules and a transition: on a loaded 2-core CI
// machine that took over the default second (the private sale's search tests failed at a load
// of 15). A wait still fails when what it waits for never comes, later.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => {
  cleanup();
  // The bundle budget (build/bundle-budget.test.ts) runs in Node, without browser storage.
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
