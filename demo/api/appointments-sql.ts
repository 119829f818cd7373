/** SQL for the titles of appointment a's services, main services first: for receipts and My Page. */
export const SERVICE_TITLES_SQL = `array(SELECT s.title FROM appointment_services aps JOIN services s ON s.id = aps.service_id
         WHERE aps.appointment_id = a.id ORDER BY s.parent_id NULLS FIRST, s.position, s.id)`;
