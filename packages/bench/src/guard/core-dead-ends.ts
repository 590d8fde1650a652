/**
 * The dead-end API of core the guard measurement uses.
 * @internal
 */
export { callSignature, createLexicalVectoriser, DeadEndTracker } from '@cairn/core';
export type { GuardVerdict } from '@cairn/core';
