import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

const link = (name: string) => screen.getByRole('link', { name });

describe('the 404 page', () => {
  it.each(['/404', '/notfound', '/some/unknown/deep/path'])(
    'at %s says the page is lost',
    async (path) => {
      renderApp(path);
      expect(await screen.findByText('404')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: "Look like you're lost" })).toBeInTheDocument();
      expect(
        screen.getByText('The page you are looking for is not available!'),
      ).toBeInTheDocument();
      expect(link('Back to Home')).toHaveAttribute('href', '/');
      expect(link('Go to Dashboard')).toHaveAttribute('href', '/dashboard');
    },
  );
});

describe('the 400 page', () => {
  it('explains a bad request when no message was passed', async () => {
    renderApp('/400');
    expect(await screen.findByRole('heading', { name: 'Bad Request' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The request could not be processed. Please check your input and try again.',
      ),
    ).toBeInTheDocument();
    expect(link('Return Home')).toHaveAttribute('href', '/');
    expect(link('Contact Support')).toHaveAttribute('href', 'mailto:support@kartlink.app');
  });

  it('shows the message passed in navigation state', async () => {
    renderApp('/400', { state: { error: { message: 'Invalid shop URL', status: 400 } } });
    expect(await screen.findByText('Invalid shop URL')).toBeInTheDocument();
    expect(
      screen.queryByText(
        'The request could not be processed. Please check your input and try again.',
      ),
    ).not.toBeInTheDocument();
  });

  it('goes back to the previous page', async () => {
    const { router, user } = renderApp('/privacy-policy');
    await screen.findByRole('heading', { name: 'Privacy Policy' });
    await act(() => router.navigate('/400'));
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
  });
});

describe('the 500 page', () => {
  it('apologises and offers the dashboard and support', async () => {
    renderApp('/500');
    expect(await screen.findByRole('heading', { name: 'Server error' })).toBeInTheDocument();
    expect(
      screen.getByText("Sorry, something went wrong on our servers. We're working on fixing it."),
    ).toBeInTheDocument();
    expect(link('Go to Dashboard')).toHaveAttribute('href', '/dashboard');
    expect(link('Contact support')).toHaveAttribute('href', 'mailto:support@kartlink.app');
  });
});
