import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox, type SearchBoxProps } from './search-box';

function Controlled(props: Partial<SearchBoxProps>) {
  const [text, setText] = useState('');
  return <SearchBox label="Search rooms" value={text} onChange={setText} {...props} />;
}

describe('SearchBox', () => {
  it('is a labelled search box, with a clear button only while it holds text', async () => {
    render(<Controlled placeholder="Search rooms by name" />);
    const input = screen.getByRole('searchbox', { name: 'Search rooms' });
    expect(input).toHaveAttribute('placeholder', 'Search rooms by name');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await userEvent.type(input, 'piz');
    expect(input).toHaveValue('piz');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('can be a plain text box, and clearing calls onClear instead', async () => {
    const onClear = vi.fn();
    render(<Controlled type="text" label="Search by username" onClear={onClear} />);
    const input = screen.getByRole('textbox', { name: 'Search by username' });
    await userEvent.type(input, 'ha');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClear).toHaveBeenCalledOnce();
    expect(input).toHaveValue('ha');
  });
});
