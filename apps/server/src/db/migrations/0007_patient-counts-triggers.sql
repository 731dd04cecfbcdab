-- patient_counts holds, per clinic and status, how many patients are in the directory (not
-- archived). Statement-level triggers with transition tables keep it: one upsert per statement
-- and clinic/status, so a bulk load does not update the same row once per patient, and an edit
-- that changes neither status, clinic nor archiving touches no count at all. The functions run
-- as the caller (clinic_app under RLS), whose organization is the one of the rows it changes.
GRANT SELECT, INSERT, UPDATE ON patient_counts TO clinic_app;
--> statement-breakpoint
ALTER TABLE patient_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE patient_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON patient_counts
  USING (organization_id = nullif(current_setting('app.organization_id', true), ''))
  WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), ''));
--> statement-breakpoint
CREATE FUNCTION patient_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_counts AS c (organization_id, clinic_id, status, n)
  SELECT organization_id, clinic_id, status, count(*) FROM new_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, clinic_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION patient_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_counts AS c (organization_id, clinic_id, status, n)
  SELECT organization_id, clinic_id, status, sum(d) FROM (
    SELECT organization_id, clinic_id, status, -1 AS d FROM old_rows WHERE archived_at IS NULL
    UNION ALL
    SELECT organization_id, clinic_id, status, 1 AS d FROM new_rows WHERE archived_at IS NULL
  ) AS delta
  GROUP BY 1, 2, 3
  HAVING sum(d) <> 0
  ON CONFLICT (organization_id, clinic_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION patient_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_counts AS c (organization_id, clinic_id, status, n)
  SELECT organization_id, clinic_id, status, -count(*) FROM old_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, clinic_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patient_counts_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER patient_counts_update AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER patient_counts_delete AFTER DELETE ON patients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_counts_after_delete();
--> statement-breakpoint
-- The directory as it stands when this migration runs.
INSERT INTO patient_counts (organization_id, clinic_id, status, n)
SELECT organization_id, clinic_id, status, count(*) FROM patients WHERE archived_at IS NULL GROUP BY 1, 2, 3;
