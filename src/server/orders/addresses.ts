import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { NO_ADDRESS } from '@/server/checkout/messages';
import type { Address } from '@/server/account/addresses';

/** What an order keeps of an address (a snapshot: later edits of the address book do not change it). */
export type AddressSnapshot = Omit<Address, 'kind' | 'is_default'>;

/** The user's own address of this kind ('shipping' for where it goes; any of theirs for billing), or the spec's message. */
export async function ownAddress(tx: Tx, userId: number, id: number | undefined, kind: 'shipping' | 'any'): Promise<AddressSnapshot> {
  const [row] =
    id === undefined
      ? []
      : await queryRows<AddressSnapshot>(
          tx,
          sql`select id, name, email, phone, country, state, city, zip, address_1, address_2 from addresses
              where id = ${id} and user_id = ${userId} ${kind === 'shipping' ? sql`and kind = 'shipping'` : sql``}`,
        );
  if (!row) throw new AppError({ code: 'VALIDATION', message: NO_ADDRESS, details: { fields: { address_id: NO_ADDRESS } } });
  return row;
}
