import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';

describe('QrCode', () => {
  it('stands in with an empty square of its size, then draws the code', async () => {
    render(
      <QrCode
        value="https://outing.example/join/abc"
        size={208}
        boxClassName="size-52"
        aria-label="Join"
        role="img"
      />,
    );
    const box = screen.queryByTestId('qr-loading');
    // The drawer may already be loaded by an earlier test of this worker; when it is not, its box stands in.
    if (box) {
      expect(box).toHaveClass('size-52');
      expect(box).toHaveAttribute('aria-hidden', 'true');
    }
    const code = await screen.findByRole('img', { name: 'Join' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(code).toHaveAttribute('width', '208');
    expect(code.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('qr-loading')).not.toBeInTheDocument();
  });
});
