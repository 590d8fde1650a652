// Pages and zoom (PCP, issue 14): page manifests and ids, consolidation on topic pivots, the page index,
// view states (Summary / Detail / Unpacked), consult and shelve, the reasoning trace.
// Public surface of this folder: other folders import it only through this file.

export {};
