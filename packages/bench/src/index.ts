export { createSeededRandom, type SeededRandom } from './seeded-random.js';
export {
  DEFAULT_SYNTHETIC_MESSAGES,
  generateSyntheticSession,
  MAX_SYNTHETIC_MESSAGES,
  MIN_SYNTHETIC_MESSAGES,
} from './generate-synthetic-session.js';
export type {
  GenerateSyntheticSessionOptions,
  PlantedFact,
  Probe,
  ProbeKind,
  SyntheticSession,
  SyntheticSessionKind,
} from './synthetic-session-types.js';
export { findToolPairingProblems } from './find-tool-pairing-problems.js';
export { type DatasetProbe, parseProbesJsonl, parseSessionJson, parseSessionJsonl } from './read-session-file.js';
export { readProbesFile, readSessionFile } from './read-session-file-node.js';
export { SessionFormatError, type SessionFormatErrorOptions } from './session-format-error.js';
