export { describeSessionStoreConformance, INVALID_KEY_PARTS } from './session-store-conformance.js';
export type { SessionStoreConformanceOptions } from './session-store-conformance.js';
export { createSampleMessages } from './create-sample-messages.js';
export type { CreateSampleMessagesOptions } from './create-sample-messages.js';
export { describeBranchStoreConformance } from './branch-store-conformance.js';
export type { BranchStoreConformanceOptions } from './branch-store-conformance.js';
export { describeCrystalStoreConformance } from './crystal-store-conformance.js';
export type { CrystalStoreConformanceOptions } from './crystal-store-conformance.js';
