import { describe, expect, it } from 'vitest';
import { EMPTY_CONTACT_FORM, composeContactEmail, contactMailtoUrl, validateContactForm, type ContactForm } from './contact-message';

const filled: ContactForm = {
  name: 'Dana Whitfield',
  email: 'dana@riverside.example',
  company: 'Riverside Clinic',
  inquiryType: 'support',
  subject: 'Kiosk setup',
  message: 'Our kiosk shows a blank screen.\nPlease help.',
};
const at = new Date('2024-03-05T17:30:00.000Z');

describe('validateContactForm', () => {
  it('requires name, email, subject and message but not company', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(validateContactForm({ ...filled, company: '' })).toEqual({});
  });

  it('treats blank-only fields as missing', () => {
    expect(validateContactForm({ ...filled, name: '   ', message: '\n' })).toEqual({ name: 'Name is required', message: 'Message is required' });
  });

  it.each(['dana', 'dana@', '@riverside.example', 'dana @riverside.example', 'dana@-riverside.example'])('refuses the e-mail "%s"', (email) => {
    expect(validateContactForm({ ...filled, email }).email).toBe('Please enter a valid email address');
  });

  it.each(['dana@riverside.example', 'd.o+clinic@localhost', 'x@a.b.c'])('accepts the e-mail "%s" as an e-mail input would', (email) => {
    expect(validateContactForm({ ...filled, email })).toEqual({});
  });
});

describe('composeContactEmail', () => {
  it('uses "Contact Form: {subject}" and puts every field and the submission time in the body', () => {
    const { subject, body } = composeContactEmail(filled, at);
    expect(subject).toBe('Contact Form: Kiosk setup');
    expect(body).toContain('Name: Dana Whitfield');
    expect(body).toContain('Email: dana@riverside.example');
    expect(body).toContain('Company: Riverside Clinic');
    expect(body).toContain('Inquiry Type: Technical Support');
    expect(body).toContain('Subject: Kiosk setup');
    expect(body).toContain('Our kiosk shows a blank screen.\nPlease help.');
    expect(body).toContain('2024-03-05T17:30:00.000Z');
  });

  it('writes "Not provided" for an empty company', () => {
    expect(composeContactEmail({ ...filled, company: ' ' }, at).body).toContain('Company: Not provided');
  });

  it('names the default inquiry type General Inquiry', () => {
    expect(composeContactEmail({ ...filled, inquiryType: 'general' }, at).body).toContain('Inquiry Type: General Inquiry');
  });
});

describe('contactMailtoUrl', () => {
  it('percent-encodes subject and body so they decode to the composed e-mail', () => {
    const url = new URL(contactMailtoUrl('contact@clinicflow.example', filled, at));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('contact@clinicflow.example');
    const raw = url.search.slice(1).split('&');
    const part = (name: string) => decodeURIComponent(raw.find((p) => p.startsWith(`${name}=`))!.slice(name.length + 1));
    expect(part('subject')).toBe('Contact Form: Kiosk setup');
    expect(part('body')).toBe(composeContactEmail(filled, at).body.replace(/\n/g, '\r\n'));
    expect(url.search).not.toContain('+');
  });
});
