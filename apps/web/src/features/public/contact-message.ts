/**
 * The contact form's rules and the e-mail it composes (operations-and-public sections 3, 4, 5).
 * No server call is made: the form opens the visitor's mail client on a `mailto:` link.
 */

/** Inquiry types, the first being the default. */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'sales', label: 'Sales' },
  { value: 'support', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'media', label: 'Media/Press' },
] as const;
/** One inquiry type. */
export type InquiryType = (typeof INQUIRY_TYPES)[number]['value'];

/** The form's fields. */
export interface ContactForm {
  name: string;
  email: string;
  company: string;
  inquiryType: InquiryType;
  subject: string;
  message: string;
}

/** The form's defaults, restored after a successful submission. */
export const EMPTY_CONTACT_FORM: ContactForm = {
  name: '',
  email: '',
  company: '',
  inquiryType: 'general',
  subject: '',
  message: '',
};

/** Texts the page shows after submitting (section 8). */
export const CONTACT_SUCCESS =
  "Thank you for your message! Your email client should have opened with a pre-filled message. Please send the email to complete your inquiry. We'll get back to you within 24 hours.";
export const CONTACT_ERROR = 'Sorry, there was an error sending your message. Please try again.';

// The check an `<input type="email">` applies (HTML Living Standard, "valid e-mail address").
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Field errors; an empty object when the form may be sent. */
export function validateContactForm(form: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const errors: Partial<Record<keyof ContactForm, string>> = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Please enter a valid email address';
  if (!form.subject.trim()) errors.subject = 'Subject is required';
  if (!form.message.trim()) errors.message = 'Message is required';
  return errors;
}

const inquiryLabel = (value: InquiryType) => INQUIRY_TYPES.find((t) => t.value === value)?.label ?? value;

/** The subject and body of the composed e-mail; `sentAt` is the submission time. */
export function composeContactEmail(form: ContactForm, sentAt: Date): { subject: string; body: string } {
  const body = [
    `Name: ${form.name.trim()}`,
    `Email: ${form.email.trim()}`,
    `Company: ${form.company.trim() || 'Not provided'}`,
    `Inquiry Type: ${inquiryLabel(form.inquiryType)}`,
    `Subject: ${form.subject.trim()}`,
    '',
    'Message:',
    form.message.trim(),
    '',
    '---',
    `Submitted: ${sentAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'long' })} (${sentAt.toISOString()})`,
  ].join('\n');
  return { subject: `Contact Form: ${form.subject.trim()}`, body };
}

/**
 * The `mailto:` URL. Parts are percent-encoded (not form-encoded), so mail clients show spaces as
 * spaces rather than "+"; line breaks are CRLF as RFC 6068 asks.
 */
export function contactMailtoUrl(to: string, form: ContactForm, sentAt: Date): string {
  const { subject, body } = composeContactEmail(form, sentAt);
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`;
}
