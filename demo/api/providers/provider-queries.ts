import type { Provider } from "booking-widget/contract";
import type { Queryable } from "../db/database.ts";
import { notFound } from "../http-errors.ts";
import { PROVIDER_SELECT } from "./provider-fields.ts";

export async function findProviderByLink(db: Queryable, bookingLink: string): Promise<Provider | undefined> {
  const rows = await db.query<Provider>(`SELECT ${PROVIDER_SELECT} FROM providers WHERE booking_link = lower($1)`, [bookingLink]);
  return rows[0];
}

export async function findProviderById(db: Queryable, id: number): Promise<Provider | undefined> {
  const rows = await db.query<Provider>(`SELECT ${PROVIDER_SELECT} FROM providers WHERE id = $1`, [id]);
  return rows[0];
}

/** The provider with this id, or a 404 answer. */
export async function requireProvider(db: Queryable, id: number): Promise<Provider> {
  return (await findProviderById(db, id)) ?? notFound(`No provider with id ${id}`);
}
