export { buildLocomoHaystack, createLocomoHaystackDataset, DEFAULT_HAYSTACK_SEED, type HaystackOrigin, type LocomoHaystackDatasetOptions, type LocomoHaystackOptions } from './build-locomo-haystack.js';
export { interleave } from './interleave-sessions.js';
export { type PlacedSession, placeSessionDates } from './place-session-dates.js';
export { findNicknames, findSpeakers, renameSpeakers, type SpeakerPair } from './rename-speakers.js';
export { type ConversationSession, splitSessions } from './split-sessions.js';
