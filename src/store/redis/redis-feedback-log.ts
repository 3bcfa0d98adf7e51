import type { Feedback } from '../../station/model.js';
import type { FeedbackLog } from '../../station/ports.js';
import { RedisCappedList } from './redis-capped-list.js';

/** Feedback as a capped Redis list, newest at the head. */
export class RedisFeedbackLog extends RedisCappedList<Feedback> implements FeedbackLog {}
