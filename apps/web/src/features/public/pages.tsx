import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

function Placeholder({ title }: { title: string }) {
  return (
    <main>
      <Container py="xl">
        <Group mb="lg">
          <Anchor component={Link} to="/">
            Back to Home
          </Anchor>
          <Anchor component={Link} to="/login">
            Sign In
          </Anchor>
        </Group>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">Content is coming soon.</Text>
      </Container>
    </main>
  );
}

export const LandingPage = () => <Placeholder title="ClinicFlow" />;
export const PricingPage = () => <Placeholder title="Pricing" />;
export const AboutPage = () => <Placeholder title="About" />;
export const ContactPage = () => <Placeholder title="Contact" />;
export const HelpPage = () => <Placeholder title="Help Center" />;
export const DocumentationPage = () => <Placeholder title="Documentation" />;
export const BlogPage = () => <Placeholder title="Blog" />;
export const CareersPage = () => <Placeholder title="Careers" />;
export const PrivacyPage = () => <Placeholder title="Privacy Policy" />;
export const TermsPage = () => <Placeholder title="Terms of Service" />;
export const HipaaNoticePage = () => <Placeholder title="HIPAA Notice of Privacy Practices" />;
export const CookiePolicyPage = () => <Placeholder title="Cookie Policy" />;
export const SecurityPage = () => <Placeholder title="Security Practices" />;
export const PatientAssistantPage = () => <Placeholder title="Patient Assistant" />;
