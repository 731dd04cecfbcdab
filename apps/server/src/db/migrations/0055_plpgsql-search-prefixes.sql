-- The kept prefix counts' apply function (0040, 0051) in PL/pgSQL instead of SQL: a SQL function's
-- statement is parsed and planned on every call, while PL/pgSQL keeps the plan of its INSERT for the
-- session, so adding a patient (each kiosk check-in) no longer plans it anew. Same statement, same
-- arguments.
CREATE OR REPLACE FUNCTION patient_search_prefixes_apply(removed patients[], added patients[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
  ON CONFLICT (organization_id, clinic_id, prefix, status, shard) DO UPDATE SET n = c.n + excluded.n;
END
$$;
