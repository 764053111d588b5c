import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { FavouriteRefusedError, favouriteErrorMessage } from './favourites';

describe('favouriteErrorMessage (spec section 8)', () => {
  it("uses the server's message, else 'Something went wrong.'", () => {
    expect(favouriteErrorMessage(new FavouriteRefusedError('Not today'))).toBe('Not today');
    expect(favouriteErrorMessage(new FavouriteRefusedError(''))).toBe('Something went wrong.');
    expect(
      favouriteErrorMessage(
        new ApiError('You can only change your own watch list.', { status: 403, fromServer: true }),
      ),
    ).toBe('You can only change your own watch list.');
    expect(favouriteErrorMessage(new ApiError('Bad Gateway', { status: 502 }))).toBe(
      'Something went wrong.',
    );
  });

  it("says 'Something went wrong, please try again.' for anything else", () => {
    expect(favouriteErrorMessage(new TypeError('boom'))).toBe(
      'Something went wrong, please try again.',
    );
    expect(favouriteErrorMessage(new ApiError('Network error', { status: 0 }))).toBe(
      'Something went wrong, please try again.',
    );
  });
});
