import { Button, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../ui/Banner';
import { BUSINESS_HOURS, COMPANY, EMERGENCY_SUPPORT } from './company';
import {
  CONTACT_ERROR,
  CONTACT_SUCCESS,
  EMPTY_CONTACT_FORM,
  INQUIRY_TYPES,
  contactMailtoUrl,
  validateContactForm,
  type ContactForm,
  type InquiryType,
} from './contact-message';
import { PublicLayout } from './PublicLayout';
import classes from './public.module.css';

type Status = 'idle' | 'sending' | 'success' | 'error';
type Errors = ReturnType<typeof validateContactForm>;

const FIELD_ORDER: Array<keyof ContactForm> = ['name', 'email', 'company', 'inquiryType', 'subject', 'message'];
const fieldId = (field: keyof ContactForm) => `contact-${field}`;

/** Opens the visitor's mail client with the composed message, in a new window (section 4). */
function openMailClient(url: string) {
  window.open(url, '_blank', 'noopener');
}

function ContactFormSection() {
  const [form, setForm] = useState<ContactForm>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>('idle');

  const set = (field: keyof ContactForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const found = validateContactForm(form);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((f) => found[f]);
    if (firstInvalid) {
      setStatus('idle');
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    setStatus('sending');
    try {
      // Let "Sending..." render before the mail client takes over.
      await new Promise((resolve) => setTimeout(resolve, 0));
      openMailClient(contactMailtoUrl(COMPANY.emails.contact, form, new Date()));
      setForm(EMPTY_CONTACT_FORM);
      setStatus('success');
    } catch {
      setStatus('error');
    }
  }

  const sending = status === 'sending';
  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <Stack gap="md" mt="md">
        {status === 'success' && <Banner tone="success">{CONTACT_SUCCESS}</Banner>}
        {status === 'error' && <Banner>{CONTACT_ERROR}</Banner>}
        <TextInput
          id={fieldId('name')}
          label="Name"
          required
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          disabled={sending}
        />
        <TextInput
          id={fieldId('email')}
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
          disabled={sending}
        />
        <TextInput
          id={fieldId('company')}
          label="Company"
          autoComplete="organization"
          value={form.company}
          onChange={set('company')}
          disabled={sending}
        />
        <NativeSelect
          id={fieldId('inquiryType')}
          label="Inquiry Type"
          data={INQUIRY_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          value={form.inquiryType}
          onChange={(e) => {
            const inquiryType = e.currentTarget.value as InquiryType;
            setForm((f) => ({ ...f, inquiryType }));
          }}
          disabled={sending}
        />
        <TextInput
          id={fieldId('subject')}
          label="Subject"
          required
          value={form.subject}
          onChange={set('subject')}
          error={errors.subject}
          disabled={sending}
        />
        <Textarea
          id={fieldId('message')}
          label="Message"
          required
          rows={6}
          value={form.message}
          onChange={set('message')}
          error={errors.message}
          disabled={sending}
        />
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function ContactDetails() {
  return (
    <aside aria-label="Contact details" className={classes.details}>
      <div>
        <h2>Headquarters</h2>
        <address style={{ fontStyle: 'normal' }}>
          {COMPANY.address.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </address>
      </div>
      <div>
        <h2>Phone</h2>
        <p>
          <a href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`}>{COMPANY.phone}</a>
        </p>
      </div>
      <div>
        <h2>Email</h2>
        <p>
          <a href={`mailto:${COMPANY.emails.contact}`}>{COMPANY.emails.contact}</a>
        </p>
      </div>
      <div>
        <h2>Business Hours</h2>
        <ul>
          {BUSINESS_HOURS.map((h) => (
            <li key={h.days}>
              {h.days}: {h.hours}
            </li>
          ))}
        </ul>
        <p>{EMERGENCY_SUPPORT}</p>
      </div>
      <div>
        <h2>Quick Links</h2>
        <ul>
          <li>
            <Link to="/pricing">Pricing</Link>
          </li>
          <li>
            <Link to="/help">Help Center</Link>
          </li>
          <li>
            <Link to="/documentation">Documentation</Link>
          </li>
          <li>
            <Link to="/security">Security</Link>
          </li>
        </ul>
      </div>
    </aside>
  );
}

/** The Contact page (/contact): the form and how else to reach us. */
export function ContactPage() {
  return (
    <PublicLayout title="Contact">
      <section className={classes.hero}>
        <div className={classes.container}>
          <h1>Contact Us</h1>
          <p className={classes.lead}>
            Questions about plans, a demo for your team or help with your account: we'll get back to you within 24 hours.
          </p>
        </div>
      </section>
      <div className={classes.section}>
        <div className={`${classes.container} ${classes.split}`}>
          <ContactFormSection />
          <ContactDetails />
        </div>
      </div>
    </PublicLayout>
  );
}
