import { afterAll } from 'vitest';
import { describeBranchStoreConformance } from '@cairn/core/testing';
import { createSqliteSessionStore } from './create-sqlite-session-store.js';
import { tempFolder } from './test-support/temp-database.js';

const folder = tempFolder();
afterAll(() => folder.remove());
let files = 0;
const paths = new WeakMap<object, string>();

describeBranchStoreConformance('sqlite (file)', {
  createStore: () => {
    const path = folder.path(`branches-${files++}.db`);
    const store = createSqliteSessionStore({ path });
    paths.set(store, path);
    return store;
  },
  // Another connection on the same file: what a restarted process or a second app server sees.
  reopenStore: (store) => createSqliteSessionStore({ path: paths.get(store)! }),
});
