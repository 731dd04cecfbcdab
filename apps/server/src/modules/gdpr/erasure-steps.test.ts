import { describe, expect, it } from 'vitest';
import { PATIENT_DATA } from '../../db/schema/person-data.js';
import * as idempotency from '../../platform/idempotency.js';
import * as integrations from '../integrations/index.js';
import * as patients from '../patients/index.js';
import * as pediatricIntake from '../pediatric-intake/index.js';
import * as queue from '../queue/index.js';
import { COPY_ERASERS } from './erasure-steps.js';

/** The owners the list may name, as the erasure imports them. */
const OWNERS: Record<string, Record<string, unknown>> = {
  'modules/patients': patients,
  'modules/queue': queue,
  'modules/pediatric-intake': pediatricIntake,
  'modules/integrations': integrations,
  'platform/idempotency': idempotency,
};

/** What the erasure (`erasure.service.ts`) runs for each table besides the copy erasers. */
const RUN_DIRECTLY: Record<string, unknown> = {
  patients: patients.restrictPatientProcessing,
  idempotency_keys: idempotency.forgetStoredAnswers,
};

describe('the erasure and the list of where patient data is kept', () => {
  it('runs, for every table the list says is erased, the function of the owning module the list names', () => {
    const erased = Object.entries(PATIENT_DATA).flatMap(([table, entry]) => (entry.erasedBy ? [{ table, entry, erasedBy: entry.erasedBy }] : []));
    expect(erased.length).toBeGreaterThan(0);
    for (const { table, entry, erasedBy } of erased) {
      const owner = OWNERS[entry.owner];
      expect(owner, `${table}: unknown owner ${entry.owner}`).toBeDefined();
      const named = owner[erasedBy];
      expect(typeof named, `${entry.owner} exports no ${erasedBy}`).toBe('function');
      expect(named, `${table}: the erasure does not run ${entry.owner}'s ${erasedBy}`).toBe(RUN_DIRECTLY[table] ?? COPY_ERASERS[table]);
    }
  });

  it('erases no table that is not on the list, and each with the function the list names for it', () => {
    for (const [table, erase] of Object.entries(COPY_ERASERS)) {
      const entry = PATIENT_DATA[table];
      expect(entry?.erasedBy, `${table} is erased but not on db/schema/person-data.ts`).toBeDefined();
      expect(OWNERS[entry.owner][entry.erasedBy!]).toBe(erase);
    }
  });
});
