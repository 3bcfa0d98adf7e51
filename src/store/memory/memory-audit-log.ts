import type { AuditEntry } from '../../station/model.js';
import type { AuditLog } from '../../station/ports.js';
import { MemoryCappedList } from './memory-capped-list.js';

/** The audit log in process memory: the newest `capacity` staff actions, older ones roll off. */
export class MemoryAuditLog extends MemoryCappedList<AuditEntry> implements AuditLog {}
