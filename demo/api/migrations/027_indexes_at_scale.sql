-- Issue 44 (npm run bench:scale, 10 -> 100 -> 1,000 booking pages): the reads of one page
-- by its id that had no index went through every page's rows (staff, categories, days
-- off, custom fields): a cost that grew with the number of pages, not with the page.
CREATE INDEX staff_members_provider_idx ON staff_members (provider_id, position);
CREATE INDEX service_categories_provider_idx ON service_categories (provider_id);
CREATE INDEX vacation_days_provider_idx ON vacation_days (provider_id, to_date);
CREATE INDEX custom_fields_provider_idx ON custom_fields (provider_id, position);
CREATE INDEX staff_services_service_idx ON staff_services (service_id);

-- A page's calendar reads its appointments that end after now (blocked_until > …). By
-- (provider_id, blocked_from) that read went through every past appointment of the page
-- first, a cost that grows with each year of history; by (provider_id, blocked_until) it
-- starts at now.
CREATE INDEX appointments_provider_until_idx ON appointments (provider_id, blocked_until);
