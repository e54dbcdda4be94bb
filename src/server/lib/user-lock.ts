import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '@/db/client';
import { user } from '@/db/schema';

/**
 * A user's row read under its row lock (SELECT … FOR UPDATE), the first step of every
 * write that depends on what the row holds: points, a role, a state, a photo. Writers to
 * one user take turns here, so each reads what the one before it wrote (the ledger's
 * balance, the 5-a-day count, the photo it replaces). `fields` picks the columns. Undefined when there is no such user.
 */
export async function lockUser<F extends Record<string, AnyPgColumn>>(
  tx: Tx,
  userId: string,
  fields: F,
): Promise<SelectResultFields<F> | undefined> {
  // Drizzle cannot name the row type of a generic selection; it is exactly the fields' types.
  const rows = (await tx
    .select(fields as Record<string, AnyPgColumn>)
    .from(user)
    .where(eq(user.id, userId))
    .for('update')) as SelectResultFields<F>[];
  return rows[0];
}

/** lockUser with the whole row. */
export async function lockUserRow(tx: Tx, userId: string) {
  const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
  return row;
}
