import { describeIdleScheduleConformance } from '@cairn/core/testing';
import { scheduleIdleConsolidation } from './schedule-idle-consolidation.js';

describeIdleScheduleConformance('scheduleIdleConsolidation', scheduleIdleConsolidation);
