import { describe, expect, it } from 'vitest';
import { assessRisk } from '../rules/risk-score.js';
import { aiRiskAssessBody, riskAssessmentDto } from './risk.js';

describe('AI risk assess body', () => {
  it('takes what assessRisk reads from a queue patient and ignores the rest', () => {
    const body = aiRiskAssessBody.parse({
      patient: {
        id: 'q1',
        patientName: 'Jane Doe',
        age: 80,
        symptoms: 'chest pain, nausea',
        chiefComplaint: 'chest pain',
        vitalSigns: { heartRate: 110, bloodPressure: { systolic: 150, diastolic: 90 }, temperature: null },
        medicalHistory: ['diabetes'],
        riskScore: 12,
      },
    });
    expect(body.patient).not.toHaveProperty('patientName');
    expect(body.patient.symptoms).toEqual(['chest pain', 'nausea']);
    expect(assessRisk(body.patient).riskScore).toBe(100);
  });

  it('applies the vital bounds', () => {
    expect(aiRiskAssessBody.safeParse({ patient: { vitalSigns: { heartRate: 301 } } }).success).toBe(false);
    expect(aiRiskAssessBody.safeParse({ patient: {} }).success).toBe(true);
  });
});

describe('risk assessment DTO', () => {
  it('assessRisk gives a valid risk assessment DTO', () => {
    const patient = {
      age: 70,
      chiefComplaint: 'shortness of breath',
      symptoms: ['cough'],
      vitalSigns: { heartRate: 115, oxygenSaturation: 91, respiratoryRate: 26, temperature: 101.2 },
      medicalHistory: ['COPD'],
    };
    expect(riskAssessmentDto.safeParse(assessRisk(patient)).success).toBe(true);
  });
});
