// Context sovereignty (issue 16): resource classes and their ledger, the store comonad over turns, the lossy
// projector and its quality measure, the adaptive threshold, the vitality pulse and loop detection, crystals.
// Public surface of this folder: other folders import it only through this file.

export {};
