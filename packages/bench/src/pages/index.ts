export { DEFAULT_CONSULTS_PER_PROBE, measurePageRecall } from './measure-page-recall.js';
export type { PageRecall, PageRecallOptions } from './measure-page-recall.js';
export { namedIds } from './named-ids.js';
export type { NamedIds } from './named-ids.js';
