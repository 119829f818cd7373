import type { MessageDescriptor } from "@lingui/core";
import type { Area, Level, Scope } from "booking-widget/contract";
import { am } from "../i18n/area-messages.ts";

/** A role's parts in words (the spec's four areas, None/Read/ReadWrite, own/all), for its form and the roles table. */
export const AREA_WORDS: Record<Area, MessageDescriptor> = {
  appointments: am.areaAppointments,
  settings: am.areaSettings,
  statistics: am.areaStatistics,
  administration: am.areaAdministration,
};
export const LEVEL_WORDS: Record<Level, MessageDescriptor> = { none: am.levelNone, read: am.levelRead, readWrite: am.levelReadWrite };
export const SCOPE_WORDS: Record<Scope, MessageDescriptor> = { own: am.scopeOwn, all: am.scopeAll };
