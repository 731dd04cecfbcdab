-- The organization's plan, locked (FOR NO KEY UPDATE), and its active patients counted after the lock, in
-- one call: a VOLATILE function's statements each take a new snapshot, so the count sees every creation
-- committed before the lock was granted, as a separate statement after the lock did. No row: no such
-- organization (under RLS: not the caller's).
CREATE FUNCTION organization_plan_with_patients(org text) RETURNS TABLE (plan_id text, patients integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  locked_plan text;
BEGIN
  SELECT o.plan_id INTO locked_plan FROM organizations o WHERE o.id = org FOR NO KEY UPDATE OF o;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT locked_plan, coalesce(sum(c.n), 0)::integer FROM patient_counts c WHERE c.organization_id = org;
END
$$;
