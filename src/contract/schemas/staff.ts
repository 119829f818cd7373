import * as v from "valibot";
import { Id, IsoDateLike, NullableText } from "./common.ts";

export const StaffMember = v.object({
  id: Id,
  fullName: v.string(),
  profilePictureUrl: NullableText,
  /** The next bookable moment, or null when currently unavailable. */
  nextAvailable: v.nullish(IsoDateLike, null),
});
export type StaffMember = v.InferOutput<typeof StaffMember>;
export const StaffMembers = v.array(StaffMember);
