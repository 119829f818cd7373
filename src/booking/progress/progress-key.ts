/** Where a booking link's booking in progress is kept in session storage (no imports: the first screen reads it). */
export const progressKey = (bookingLink: string) => `booking-widget:progress:${bookingLink}`;
