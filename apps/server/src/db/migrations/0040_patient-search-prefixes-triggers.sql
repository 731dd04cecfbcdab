-- patient_search_prefixes holds, per clinic, status and search prefix of 1 to 4 characters, how
-- many directory patients (not archived) have a search key starting with it, each patient once per
-- prefix. Statement-level triggers with transition tables keep it, as patient_counts (0007): an
-- edit that changes no key, status, clinic or archiving writes nothing. The rows are upserted in
-- key order, so that concurrent writers lock them in the same order. The functions run as the
-- caller (clinic_app under RLS), whose organization is the one of the rows it changes.
GRANT SELECT, INSERT, UPDATE ON patient_search_prefixes TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('patient_search_prefixes');
--> statement-breakpoint
-- The distinct prefixes of 1 to 4 characters of a patient's search keys (patients.search_name,
-- search_name_reversed, search_email): what patient_search_prefixes counts the patient under.
CREATE FUNCTION patient_search_prefixes_of(search_name text, search_name_reversed text, search_email text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(k, l)
  FROM unnest(ARRAY[search_name, search_name_reversed, search_email]) AS k, generate_series(1, 4) AS l
  WHERE char_length(k) >= l
$$;
--> statement-breakpoint
-- Applies a statement's change: the prefixes of the rows it removed (old versions) count one less,
-- those of the rows it added (new versions) one more; a prefix whose count does not move (an edit
-- of other columns) is not written.
CREATE FUNCTION patient_search_prefixes_apply(removed patients[], added patients[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO patient_search_prefixes AS c (organization_id, clinic_id, prefix, status, n)
  SELECT organization_id, clinic_id, prefix, status, sum(d) FROM (
    SELECT r.organization_id, r.clinic_id, p.prefix, r.status, -1 AS d
    FROM unnest(removed) AS r, patient_search_prefixes_of(r.search_name, r.search_name_reversed, r.search_email) AS p(prefix)
    WHERE r.archived_at IS NULL
    UNION ALL
    SELECT r.organization_id, r.clinic_id, p.prefix, r.status, 1 AS d
    FROM unnest(added) AS r, patient_search_prefixes_of(r.search_name, r.search_name_reversed, r.search_email) AS p(prefix)
    WHERE r.archived_at IS NULL
  ) AS delta
  GROUP BY 1, 2, 3, 4
  HAVING sum(d) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, clinic_id, prefix, status) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION patient_search_prefixes_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_search_prefixes_apply('{}', array(SELECT r::patients FROM new_rows r));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION patient_search_prefixes_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_search_prefixes_apply(array(SELECT r::patients FROM old_rows r), array(SELECT r::patients FROM new_rows r));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION patient_search_prefixes_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_search_prefixes_apply(array(SELECT r::patients FROM old_rows r), '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patient_search_prefixes_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_search_prefixes_after_insert();
--> statement-breakpoint
CREATE TRIGGER patient_search_prefixes_update AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_search_prefixes_after_update();
--> statement-breakpoint
CREATE TRIGGER patient_search_prefixes_delete AFTER DELETE ON patients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_search_prefixes_after_delete();
--> statement-breakpoint
-- The directory as it stands when this migration runs.
INSERT INTO patient_search_prefixes (organization_id, clinic_id, prefix, status, n)
SELECT r.organization_id, r.clinic_id, p.prefix, r.status, count(*)
FROM patients r, patient_search_prefixes_of(r.search_name, r.search_name_reversed, r.search_email) AS p(prefix)
WHERE r.archived_at IS NULL
GROUP BY 1, 2, 3, 4;
