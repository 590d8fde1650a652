export { DEFAULT_CONSULTS_PER_PROBE, measurePageRecall } from './measure-page-recall.js';
export type { PageRecall, PageRecallOptions, ProbeTrace } from './measure-page-recall.js';
export { namedIds } from './named-ids.js';
export type { NamedIds } from './named-ids.js';
export { pageRecallPageOptions } from './measure-page-recall.js';
export { PAGE_RECALL_CONFIGS } from './page-recall-configs.js';
export type { PageRecallConfig } from './page-recall-configs.js';
export { backgroundIds } from './background-ids.js';
