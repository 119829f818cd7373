import type { ServiceCategory } from "booking-widget/contract";
import type { Queryable } from "../db/database.ts";

interface ServiceRow {
  id: number;
  categoryId: number | null;
  parentId: number | null;
  title: string;
  description: string;
  price: number;
  discountPrice: number | null;
  disablePrice: boolean;
  durationInMinutes: number;
  serviceDurationInMinutes: number | null;
  mustPayOnline: boolean;
  payOnlinePrice: number | null;
  unavailableForOnlineBooking: boolean;
  capacity: number;
  seriesEveryWeeks: number[] | null;
  seriesMaxOccurrences: number | null;
}

const SERVICE_COLUMNS = `s.id, s.category_id AS "categoryId", s.parent_id AS "parentId", s.title, s.description,
  s.price::float8 AS price, s.discount_price::float8 AS "discountPrice", s.disable_price AS "disablePrice",
  s.duration_in_minutes AS "durationInMinutes", s.service_duration_in_minutes AS "serviceDurationInMinutes",
  s.must_pay_online AS "mustPayOnline", s.pay_online_price::float8 AS "payOnlinePrice",
  s.unavailable_for_online_booking AS "unavailableForOnlineBooking", s.capacity,
  s.series_every_weeks AS "seriesEveryWeeks", s.series_max_occurrences AS "seriesMaxOccurrences"`;

/**
 * The bookable catalogue: categories in order, each with its services and their extra
 * services (children). Services without a category form one untitled category.
 * `firstAvailable` comes from the availability engine, through the caller.
 */
export async function listCatalogue(
  db: Queryable,
  providerId: number,
  firstAvailable: (service: { id: number; durationInMinutes: number }) => string | null,
): Promise<ServiceCategory[]> {
  const categories = await db.query<{ id: number; title: string }>(
    "SELECT id, title FROM service_categories WHERE provider_id = $1 ORDER BY position, id",
    [providerId],
  );
  const services = await db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM services s WHERE s.provider_id = $1 AND NOT s.hide_in_booking ORDER BY s.position, s.id`,
    [providerId],
  );
  const extrasByParent = new Map<number, ServiceRow[]>();
  for (const row of services) {
    if (row.parentId !== null) extrasByParent.set(row.parentId, [...(extrasByParent.get(row.parentId) ?? []), row]);
  }
  const toService = (row: ServiceRow) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    discountPrice: row.discountPrice,
    disablePrice: row.disablePrice,
    durationInMinutes: row.durationInMinutes,
    serviceDurationInMinutes: row.serviceDurationInMinutes,
    mustPayOnline: row.mustPayOnline,
    payOnlinePrice: row.payOnlinePrice,
    unavailableForOnlineBooking: row.unavailableForOnlineBooking,
    // Our extension: the places at one time (above 1 for a group service).
    capacity: row.capacity,
    // Our extension: a service that may be booked as a weekly series says how.
    ...(row.seriesEveryWeeks && row.seriesMaxOccurrences
      ? { series: { everyWeeks: row.seriesEveryWeeks.map(Number), maxOccurrences: row.seriesMaxOccurrences } }
      : {}),
    firstAvailable: firstAvailable(row),
    children: (extrasByParent.get(row.id) ?? []).map((extra) => ({
      id: extra.id,
      title: extra.title,
      price: extra.price,
      durationInMinutes: extra.durationInMinutes,
      selected: false,
    })),
  });
  const topLevel = services.filter((row) => row.parentId === null);
  const result: ServiceCategory[] = categories
    .map((category) => ({
      title: category.title,
      services: topLevel.filter((row) => row.categoryId === category.id).map(toService),
    }))
    .filter((category) => category.services.length > 0);
  const uncategorised = topLevel.filter((row) => row.categoryId === null).map(toService);
  if (uncategorised.length > 0) result.push({ title: "", services: uncategorised });
  return result;
}
