import { describe, expect, it } from 'vitest';
import { pageHeaderFor, showsTopBar, webRoutes } from './web-routes';

describe('top bar visibility', () => {
  it.each([
    '/',
    '/signup',
    '/forgot-password',
    '/verification',
    '/change-password',
    '/connect-wal',
    '/check-scam',
  ])('is hidden on %s', (path) => expect(showsTopBar(path)).toBe(false));

  it('compares case-sensitively, so /Forgot-Password shows the bar', () => {
    expect(showsTopBar('/Forgot-Password')).toBe(true);
    expect(showsTopBar('/Signup')).toBe(true);
  });

  it.each(['/home', '/DEX', '/CEX', '/Profile', '/login', '/vaultscope-wallet'])(
    'shows on %s',
    (path) => expect(showsTopBar(path)).toBe(true),
  );
});

describe('page headers', () => {
  it('uses the spec titles and descriptions', () => {
    expect(pageHeaderFor(webRoutes.cex).description).toBe(
      'discover investment options from automated solutions to customizable strategies',
    );
    expect(pageHeaderFor(webRoutes.wallet).description).toBe(
      'send, receive and manage crypto with a secure digital wallet',
    );
    expect(pageHeaderFor(webRoutes.history).description).toBe('wallet history of transactions');
    expect(pageHeaderFor(webRoutes.watchList).title).toBe('My Watchlist');
    expect(pageHeaderFor(webRoutes.profile).title).toBe('My Profile');
    expect(pageHeaderFor(webRoutes.terms).title).toBe('Terms and Conditions');
    expect(pageHeaderFor(webRoutes.privacy).title).toBe('Privacy Policy');
  });

  it('falls back to the product name', () => {
    expect(pageHeaderFor('/home').title).toBe('Vaultscope');
  });
});
