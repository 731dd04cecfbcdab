-- The plan's patient limit checked in SQL, sent in the COMMIT's own message: the organization row is
-- locked (FOR NO KEY UPDATE), its active patients counted after the lock (a VOLATILE function's statements
-- each take a new snapshot, so the count includes every creation committed before the lock was granted,
-- and the transaction's own), and the transaction refused when they are more than the plan allows.
-- `limits` maps plan ids to their patient limit (-1: unlimited); `fallback` is the limit of a plan not in
-- it. The refusal is SQLSTATE CF402 with the plan id as its detail. No row: no such organization (under
-- RLS: not the caller's), nothing to check.
CREATE FUNCTION organization_patients_within_plan(org text, limits jsonb, fallback integer) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  locked_plan text;
  plan_limit integer;
  counted integer;
BEGIN
  SELECT o.plan_id INTO locked_plan FROM organizations o WHERE o.id = org FOR NO KEY UPDATE OF o;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  plan_limit := coalesce((limits ->> locked_plan)::integer, fallback);
  IF plan_limit = -1 THEN
    RETURN;
  END IF;
  SELECT coalesce(sum(c.n), 0)::integer INTO counted FROM patient_counts c WHERE c.organization_id = org;
  IF counted > plan_limit THEN
    RAISE EXCEPTION 'the plan''s patient limit is reached' USING ERRCODE = 'CF402', DETAIL = coalesce(locked_plan, '');
  END IF;
END
$$;
