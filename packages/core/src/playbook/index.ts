// The ACE playbook (issue 15): bullets with helpful/harmful counters in sections, the deterministic curator,
// delta operations, merging and pruning, experiences that become skills.
// Public surface of this folder: other folders import it only through this file.

export {};
