import type { AuditEntry } from '../../station/model.js';
import type { AuditLog } from '../../station/ports.js';
import { RedisCappedList } from './redis-capped-list.js';

/** The audit log as a capped Redis list, newest at the head, shared by every node. */
export class RedisAuditLog extends RedisCappedList<AuditEntry> implements AuditLog {}
