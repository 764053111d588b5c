import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

function LoginForm({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input name="password" defaultValue="secret" />
      <Button type="button">Show</Button>
      <Button type="submit">Log in</Button>
    </form>
  );
}

describe('Button in a prerendered page', () => {
  it('a submit button comes disabled in the HTML, so the browser cannot send the form itself', () => {
    const html = renderToString(<LoginForm onSubmit={() => {}} />);
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""[^>]* data-awaiting-script="true"/);
    // Other buttons are as they will be.
    expect(html).toMatch(/<button type="button" class="btn btn--primary"><span>Show/);
  });

  it('is enabled once the app has hydrated the page, and then submits through React', async () => {
    const onSubmit = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LoginForm onSubmit={onSubmit} />);
    document.body.append(container);
    const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);

    await act(async () => {
      hydrateRoot(container, <LoginForm onSubmit={onSubmit} />);
    });
    // The node the browser painted, kept and enabled.
    expect(container.querySelector('button[type="submit"]')).toBe(submit);
    expect(submit.disabled).toBe(false);
    expect(submit.hasAttribute('data-awaiting-script')).toBe(false);
    submit.click();
    expect(onSubmit).toHaveBeenCalledOnce();
    container.remove();
  });

  it('is enabled from the first render of a page the app draws itself', () => {
    render(<LoginForm onSubmit={() => {}} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log in' }).disabled).toBe(false);
  });
});
