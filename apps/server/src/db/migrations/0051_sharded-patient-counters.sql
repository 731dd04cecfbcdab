-- The kept counts of the directory (patient_counts, 0007; patient_search_prefixes, 0040) are split
-- into rows by shard. A statement's trigger adds its change to the shard of its transaction
-- (counter_shard(): the transaction id modulo 8), so concurrent transactions that add patients
-- (kiosk check-ins) seldom update the same row, where each used to wait for the other's COMMIT on
-- its clinic's counts and the prefixes of common names. Readers sum over the shards. The rows that
-- exist stay shard 0.
ALTER TABLE "patient_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counts" DROP CONSTRAINT "patient_counts_organization_id_clinic_id_status_pk";--> statement-breakpoint
ALTER TABLE "patient_counts" ADD CONSTRAINT "patient_counts_organization_id_clinic_id_status_shard_pk" PRIMARY KEY("organization_id","clinic_id","status","shard");--> statement-breakpoint
ALTER TABLE "patient_search_prefixes" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_search_prefixes" DROP CONSTRAINT "patient_search_prefixes_pk";--> statement-breakpoint
ALTER TABLE "patient_search_prefixes" ADD CONSTRAINT "patient_search_prefixes_pk" PRIMARY KEY("organization_id","clinic_id","prefix","status","shard");--> statement-breakpoint
-- The shard this transaction adds to; COUNTER_SHARDS (schema/patients.ts) is 8.
CREATE FUNCTION counter_shard() RETURNS smallint LANGUAGE sql VOLATILE AS $$
  SELECT (txid_current() % 8)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_counts AS c (organization_id, clinic_id, status, shard, n)
  SELECT organization_id, clinic_id, status, counter_shard(), count(*) FROM new_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, clinic_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_counts AS c (organization_id, clinic_id, status, shard, n)
  SELECT organization_id, clinic_id, status, counter_shard(), sum(d) FROM (
    SELECT organization_id, clinic_id, status, -1 AS d FROM old_rows WHERE archived_at IS NULL
    UNION ALL
    SELECT organization_id, clinic_id, status, 1 AS d FROM new_rows WHERE archived_at IS NULL
  ) AS delta
  GROUP BY 1, 2, 3
  HAVING sum(d) <> 0
  ON CONFLICT (organization_id, clinic_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_counts AS c (organization_id, clinic_id, status, shard, n)
  SELECT organization_id, clinic_id, status, counter_shard(), -count(*) FROM old_rows WHERE archived_at IS NULL GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, clinic_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_search_prefixes_apply(removed patients[], added patients[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO patient_search_prefixes AS c (organization_id, clinic_id, prefix, status, shard, n)
  SELECT organization_id, clinic_id, prefix, status, counter_shard(), sum(d) FROM (
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
  ON CONFLICT (organization_id, clinic_id, prefix, status, shard) DO UPDATE SET n = c.n + excluded.n
$$;
