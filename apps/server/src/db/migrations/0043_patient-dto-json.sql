-- The patient as the API returns it (toPatientDto in patients.dto.ts), as JSON text on its row: a
-- page of the directory sends its rows' texts joined, instead of building 50 JSON objects per
-- request (about half of the database's time of a name search, docs/performance.md).
ALTER TABLE "patients" ADD COLUMN "dto_json" text;--> statement-breakpoint
-- toPatientDto written by the database: the phone goes out under both of the spec's names, the
-- address as an object, timestamps as Date.toISOString() writes them (UTC, milliseconds, Z).
-- patients.test.ts checks that both agree for every field; keep the two together.
CREATE FUNCTION patient_dto_json(p patients) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', p.id, 'organizationId', p.organization_id, 'clinicId', p.clinic_id,
    'firstName', p.first_name, 'lastName', p.last_name, 'email', p.email,
    'phone', p.phone, 'phoneNumber', p.phone, 'dateOfBirth', p.date_of_birth,
    'gender', p.gender, 'status', p.status,
    'address', json_build_object('street', p.street, 'city', p.city, 'state', p.state, 'zipCode', p.zip_code, 'country', p.country),
    'emergencyContactName', p.emergency_contact_name, 'emergencyContactRelationship', p.emergency_contact_relationship,
    'emergencyContactPhone', p.emergency_contact_phone, 'bloodType', p.blood_type,
    'allergies', p.allergies, 'currentMedications', p.current_medications, 'medicalHistory', p.medical_history,
    'insuranceProvider', p.insurance_provider, 'insuranceNumber', p.insurance_number,
    'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'lastUpdated', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'dischargedAt', to_char(p.discharged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'lastVisit', to_char(p.last_visit_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;
--> statement-breakpoint
-- The rows as they stand when this migration runs. Only dto_json changes, so the statement triggers
-- that keep the counts (0007, 0040) have nothing to apply: they are left out of this one statement,
-- which would otherwise hand them every row of the table twice.
ALTER TABLE patients DISABLE TRIGGER patient_counts_update;--> statement-breakpoint
ALTER TABLE patients DISABLE TRIGGER patient_search_prefixes_update;--> statement-breakpoint
UPDATE patients p SET dto_json = patient_dto_json(p);--> statement-breakpoint
ALTER TABLE patients ENABLE TRIGGER patient_counts_update;--> statement-breakpoint
ALTER TABLE patients ENABLE TRIGGER patient_search_prefixes_update;--> statement-breakpoint
-- Every insert and update writes the row's text again (an erasure's removed contact fields too). The
-- function runs as the caller (clinic_app under RLS); it reads only the row it is given.
CREATE FUNCTION patient_dto_json_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dto_json := patient_dto_json(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patient_dto_json_set BEFORE INSERT OR UPDATE ON patients
  FOR EACH ROW EXECUTE FUNCTION patient_dto_json_set();
