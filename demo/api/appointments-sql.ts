/** SQL for the titles of appointment a's services, main services first: for receipts and My Page. */
export const SERVICE_TITLES_SQL = `array(SELECT s.title FROM appointment_services aps JOIN services s ON s.id = aps.service_id
         WHERE aps.appointment_id = a.id ORDER BY s.parent_id NULLS FIRST, s.position, s.id)`;

/**
 * The ids of appointment a's services, extras included (our extension of the My Page
 * appointment): moving an appointment books the same services again.
 */
export const SERVICE_IDS_SQL = `array(SELECT aps.service_id FROM appointment_services aps JOIN services s ON s.id = aps.service_id
         WHERE aps.appointment_id = a.id ORDER BY s.parent_id NULLS FIRST, s.position, s.id)`;

/**
 * An appointment that keeps its time at the instant `nowParam` (a query parameter such as
 * "$4"): not cancelled, and not an unpaid hold whose time has run out.
 */
export const liveAppointmentSql = (nowParam: string) =>
  `status <> 'cancelled' AND NOT (status = 'awaiting_payment' AND hold_expires_at <= ${nowParam})`;
