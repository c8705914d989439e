import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('Avatar', () => {
  it('draws the initials of the display name where one is set, else of the username', () => {
    const { rerender } = render(<Avatar username="chloe.ng" pictureUrl="" />);
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent(/^CN$/);
    rerender(<Avatar username="dev_patel" displayName="Ada Lovelace" pictureUrl="" />);
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent(/^AL$/);
    rerender(<Avatar username="dev_patel" displayName="   " pictureUrl="" />);
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent(/^DP$/);
  });

  it('keeps its colour when the person renames themselves', () => {
    const { rerender } = render(<Avatar username="chloe.ng" pictureUrl="" />);
    const colour = screen.getByTestId('avatar-initials').className;
    rerender(<Avatar username="chloe.ng" displayName="Zed Quinn" pictureUrl="" />);
    expect(screen.getByTestId('avatar-initials').className).toBe(colour);
  });

  it('takes the first letter of up to two parts, whole characters', () => {
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('Chloe Ng Wei')).toBe('CN');
    expect(initialsOf('李 小龙')).toBe('李小');
    expect(initialsOf('😀 smile')).toBe('😀S');
    expect(initialsOf('')).toBe('?');
  });
});
