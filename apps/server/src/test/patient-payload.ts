/** A valid patient body for tests; `over` replaces fields (undefined removes one). */
export function patientPayload(over: Record<string, unknown> = {}): Record<string, any> {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    dateOfBirth: '1986-12-09',
    gender: 'female',
    phone: '(555) 310-4477',
    email: 'grace.hopper@example.org',
    address: { street: '1 Compiler Court', city: 'Arlington', state: 'VA', zipCode: '22201' },
    emergencyContactName: 'Vincent Hopper',
    emergencyContactRelationship: 'Spouse',
    emergencyContactPhone: '555-310-9900',
    ...over,
  };
}
