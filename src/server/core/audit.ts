import type { SessionUser } from '@/server/core/actor';
import type { AuditRecord } from '@/server/core/action';
import type { Tx } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

/** Keys whose values never reach the audit log (passwords, secrets, codes, tokens). */
const SECRET_KEY = /password|secret|token|code|totp|recovery|hash|card|cvc/i;

/** A copy of a before/after object with every secret replaced by a mark (nested objects too). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? (v == null ? v : '[hidden]') : withoutSecrets(v),
    ]),
  );
}

/** Writes one audit entry in the caller's transaction: who, in which role, from where, what, before and after. */
export async function writeAudit(
  tx: Tx,
  actor: { user: Pick<SessionUser, 'id' | 'email' | 'roles'> | null; ip: string | null },
  action: string,
  record: AuditRecord,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.user?.id ?? null,
    actorEmail: actor.user?.email ?? null,
    role: actor.user?.roles.join(',') || null,
    action,
    entity: record.entity,
    entityId: record.entityId === null ? null : String(record.entityId),
    ip: actor.ip || null,
    before: withoutSecrets(record.before) as Record<string, unknown> | null,
    after: withoutSecrets(record.after) as Record<string, unknown> | null,
  });
}
