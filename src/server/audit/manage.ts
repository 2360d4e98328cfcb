import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import type { AuditQuery } from '@/lib/schemas/backoffice';

/** One audit entry as the back office and `api/v1/admin/audit` show it (DESIGN.md's contract). */
export interface AuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  role: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
}

const DAY_MS = 86_400_000;

/**
 * The audit log, newest first, filtered by who, entity (and id), action and days; keyset pages on the id
 * (ids grow with time), each filter on an index that ends with the id (migration 0008).
 */
export async function listAudit(query: AuditQuery, db: Tx = getDb()): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where: (SQL | undefined)[] = [
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)) : undefined,
    query.q
      ? sql`(${auditLog.actorEmail} ilike ${`%${escapeLike(query.q)}%`} or ${auditLog.action} ilike ${`%${escapeLike(query.q)}%`})`
      : undefined,
    after ? (query.dir === 'asc' ? sql`${auditLog.id} > ${after[0]}` : sql`${auditLog.id} < ${after[0]}`) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(query.dir === 'asc' ? auditLog.id : desc(auditLog.id))
    .limit(query.per_page + 1);
  return pageOf(rows.map(toEntry), query.per_page, (e) => [e.id]);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function toEntry(r: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor_id: r.actorId,
    actor_email: r.actorEmail,
    role: r.role,
    action: r.action,
    entity: r.entity,
    entity_id: r.entityId,
    ip: r.ip,
    before: r.before,
    after: r.after,
  };
}

/** The CSV columns of an audit export. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_email',
  'role',
  'action',
  'entity',
  'entity_id',
  'ip',
  'before',
  'after',
] as const;

/** Every entry the filters select, page by page (for the CSV export; never all in memory at once). */
export async function* eachAuditEntry(query: AuditQuery): AsyncGenerator<AuditEntry> {
  let cursor = query.cursor;
  for (;;) {
    const page = await listAudit({ ...query, cursor, per_page: 100 });
    yield* page.items;
    if (!page.next_cursor) return;
    cursor = page.next_cursor;
  }
}
