import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FallbackImage } from './fallback-image';

describe('FallbackImage', () => {
  it('shows the fallback when there is no source', () => {
    render(<FallbackImage src={null} fallback="/default.svg" alt="logo" />);
    expect(screen.getByRole('img', { name: 'logo' }).getAttribute('src')).toBe('/default.svg');
  });

  it('swaps to the fallback when the image fails, and gives a new source its own chance', () => {
    const { rerender } = render(<FallbackImage src="/a.png" fallback="/default.svg" alt="logo" />);
    const img = screen.getByRole('img', { name: 'logo' });
    expect(img.getAttribute('src')).toBe('/a.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/default.svg');
    expect(img.getAttribute('data-fallback')).toBe('true');
    // The fallback failing too does not loop.
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/default.svg');
    rerender(<FallbackImage src="/b.png" fallback="/default.svg" alt="logo" />);
    expect(screen.getByRole('img', { name: 'logo' }).getAttribute('src')).toBe('/b.png');
  });
});
