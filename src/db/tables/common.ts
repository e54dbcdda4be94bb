/** Column helpers every table file shares. */
import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A text primary key filled with a random UUID. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** A bigint primary key the database numbers in insert order (append-only logs: ledger, audit, inbox, outbox). */
export const serialId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** When the row was written. */
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** When the row last changed (set on insert; writers set it on update). */
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** `createdAt` and `updatedAt`, for a table that keeps both side by side. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
