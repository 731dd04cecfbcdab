import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORM_ERROR, fieldErrors, validateForm } from './zod-form';

const schema = z
  .object({ name: z.string().min(1, 'Name is required'), address: z.object({ zip: z.string().regex(/^\d{5}$/, 'Bad ZIP') }) })
  .refine((v) => v.name !== 'nobody', { message: 'Pick someone' });

describe('zod form checks', () => {
  it('puts each contract issue on its field, the first message of a field winning', () => {
    const spec = {
      schema,
      toInput: (v: { name: string; zip: string }) => ({ name: v.name, address: { zip: v.zip } }),
      fieldOf: (p: string) => p.split('.').at(-1) ?? null,
    };
    expect(validateForm(spec, { name: '', zip: 'x' })).toEqual({ data: null, errors: { name: 'Name is required', zip: 'Bad ZIP' } });
    expect(validateForm(spec, { name: 'Ada', zip: '90001' })).toEqual({ data: { name: 'Ada', address: { zip: '90001' } }, errors: null });
  });

  it('keeps issues of no field under the form key', () => {
    expect(validateForm({ schema }, { name: 'nobody', address: { zip: '90001' } }).errors).toEqual({ [FORM_ERROR]: 'Pick someone' });
  });

  it('maps server issues given as dotted paths', () => {
    expect(
      fieldErrors([
        { path: 'address.zip', message: 'Bad' },
        { path: 'address.zip', message: 'Later' },
      ]),
    ).toEqual({ address: 'Bad' });
  });
});
