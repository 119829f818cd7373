/**
 * The zone city names of a language that names places otherwise than the zone ids'
 * English ("America/Mexico_City" is "Ciudad de México" in Spanish): generated tables
 * (es.ts, no.ts), loaded with the language's later catalog (create-i18n.ts), as every
 * screen that names a zone is a later one.
 */
const tables = new Map<string, Readonly<Record<string, string>>>();

export function keepZoneCities(locale: string, table: Readonly<Record<string, string>>): void {
  tables.set(locale, table);
}

/** The zone's city in `locale`, when that language has a name of its own for it (and its table is loaded). */
export const zoneCityIn = (locale: string, timeZone: string): string | undefined => tables.get(locale)?.[timeZone];
