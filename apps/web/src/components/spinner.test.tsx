import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('has an accessible label', () => {
    render(<Spinner label="Logging out" />);
    expect(screen.getByRole('status', { name: 'Logging out' })).toBeInTheDocument();
  });

  it('is called Loading by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
