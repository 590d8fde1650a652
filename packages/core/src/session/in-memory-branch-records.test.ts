import { describeBranchStoreConformance } from '../testing/index.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';

describeBranchStoreConformance('in-memory', { createStore: () => createInMemorySessionStore() });
