import { describePlaybookPoolConformance } from '../testing/index.js';
import { createPlaybookPool } from './playbook-pool.js';

describePlaybookPoolConformance('in-memory', { createPool: () => createPlaybookPool() });
