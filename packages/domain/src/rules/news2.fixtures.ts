/**
 * Vital signs for tests: a healthy adult, every NEWS2 parameter scoring 0 (temperature in
 * Fahrenheit, as recorded). Tests spread it and change the readings they are about.
 */
export const HEALTHY_ADULT_VITALS = {
  heartRate: 70,
  bloodPressure: { systolic: 120, diastolic: 80 },
  oxygenSaturation: 98,
  temperature: 98.6,
  respiratoryRate: 16,
  glasgowComaScale: 15,
  supplementalOxygen: false,
};
