// Entry of dist/booking-widget.js: loading the script registers <booking-widget>.
import { defineBookingWidget } from "./define.tsx";

export { defineBookingWidget, TAG_NAME } from "./define.tsx";
export type { WidgetRootProps as BookingWidgetAttributes } from "../app/WidgetRoot.tsx";

defineBookingWidget();
