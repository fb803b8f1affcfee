import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe.each([
  [
    '/privacy-policy',
    'Privacy Policy',
    ['Information we collect', 'Cookies and local storage', 'Your rights'],
  ],
  [
    '/terms-of-service',
    'Terms of Service',
    ['Acceptable use', 'Plans, Premium and billing', 'Governing law'],
  ],
])('%s', (path, title, sections) => {
  it('shows its title, date and main sections', async () => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: March 6, 2024')).toBeInTheDocument();
    for (const section of sections) {
      expect(
        screen.getByRole('heading', { level: 2, name: new RegExp(section) }),
      ).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'support@kartlink.app' })[0]).toHaveAttribute(
      'href',
      'mailto:support@kartlink.app',
    );
  });
});

it('the privacy policy names what is collected about visitors', async () => {
  renderApp('/privacy-policy');
  await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
  expect(screen.getByText(/device type, the\s+browser and the time zone/)).toBeInTheDocument();
});

it('the terms are governed by the laws of India', async () => {
  renderApp('/terms-of-service');
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  expect(screen.getByText(/governed by the laws of India/)).toBeInTheDocument();
});
