import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('is named by its title, focuses its first button and answers with Yes/No', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Edit profile"
        message="Are you sure you want to edit your profile?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    expect(dialog.textContent).toContain('Are you sure you want to edit your profile?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('closes on Escape', () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog title="Sure?" onConfirm={() => undefined} onCancel={onCancel} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('keeps Tab inside the dialog', () => {
    render(<ConfirmDialog title="Sure?" onConfirm={() => undefined} onCancel={() => undefined} />);
    const yes = screen.getByRole('button', { name: 'Yes' });
    const no = screen.getByRole('button', { name: 'No' });
    yes.focus();
    fireEvent.keyDown(yes, { key: 'Tab' });
    expect(document.activeElement).toBe(no);
    fireEvent.keyDown(no, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(yes);
  });
});
