/**
 * The dead-end API of core, imported from its sources until `@cairn/core`'s index exports it;
 * then this file becomes `export { ... } from '@cairn/core'`.
 * @internal
 */
export { callSignature } from '../../../core/src/call-signature.js';
export { DeadEndTracker } from '../../../core/src/dead-end-tracker.js';
export type { GuardVerdict } from '../../../core/src/dead-end-types.js';
export { createLexicalVectoriser } from '../../../core/src/lexical-vectoriser.js';
