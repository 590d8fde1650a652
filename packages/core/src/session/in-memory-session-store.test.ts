import { createInMemorySessionStore } from './in-memory-session-store.js';
import { describeSessionStoreConformance } from '../testing/session-store-conformance.js';

describeSessionStoreConformance('in-memory', { createStore: () => createInMemorySessionStore() });
