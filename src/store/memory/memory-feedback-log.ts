import type { Feedback } from '../../station/model.js';
import type { FeedbackLog } from '../../station/ports.js';
import { MemoryCappedList } from './memory-capped-list.js';

/** Feedback in process memory: the newest `capacity` entries, older ones roll off. */
export class MemoryFeedbackLog extends MemoryCappedList<Feedback> implements FeedbackLog {}
