-- The latest visit of each patient, on its row: a page of the directory reads it with the row instead
-- of looking up the visits of each of its patients.
ALTER TABLE "patients" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
-- Kept by statement triggers on patient_visits: the patients whose visits a statement added,
-- changed or removed get the latest visited_at of their visits again (only when it changed). The
-- function runs as the caller (clinic_app under RLS), whose organization is the one of the visits.
CREATE FUNCTION patient_last_visit_set(organization_ids text[], patient_ids text[]) RETURNS void LANGUAGE sql AS $$
  WITH affected AS (
    SELECT DISTINCT a.organization_id, a.patient_id FROM unnest(organization_ids, patient_ids) AS a(organization_id, patient_id)
  ), latest AS (
    SELECT a.organization_id, a.patient_id,
           (SELECT max(v.visited_at) FROM patient_visits v WHERE v.organization_id = a.organization_id AND v.patient_id = a.patient_id) AS at
    FROM affected a
  )
  UPDATE patients p SET last_visit_at = l.at FROM latest l
  WHERE p.organization_id = l.organization_id AND p.id = l.patient_id AND p.last_visit_at IS DISTINCT FROM l.at
$$;
--> statement-breakpoint
CREATE FUNCTION patient_last_visit_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_last_visit_set(array(SELECT organization_id FROM new_rows), array(SELECT patient_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION patient_last_visit_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_last_visit_set(
    array(SELECT organization_id FROM new_rows UNION ALL SELECT organization_id FROM old_rows),
    array(SELECT patient_id FROM new_rows UNION ALL SELECT patient_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION patient_last_visit_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_last_visit_set(array(SELECT organization_id FROM old_rows), array(SELECT patient_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patient_last_visit_insert AFTER INSERT ON patient_visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_last_visit_after_insert();
--> statement-breakpoint
CREATE TRIGGER patient_last_visit_update AFTER UPDATE ON patient_visits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_last_visit_after_update();
--> statement-breakpoint
CREATE TRIGGER patient_last_visit_delete AFTER DELETE ON patient_visits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_last_visit_after_delete();
--> statement-breakpoint
-- The visits as they stand when this migration runs.
UPDATE patients p SET last_visit_at = l.at
FROM (SELECT organization_id, patient_id, max(visited_at) AS at FROM patient_visits GROUP BY 1, 2) AS l
WHERE p.organization_id = l.organization_id AND p.id = l.patient_id;
