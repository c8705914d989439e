import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { answer, answerError, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { serveOwnAccount } from '@/entities/me/testing';
import { choosePhoto, pngFile, recordUploads } from '@/features/rooms/pages/room-form.testing';

// The display name ("Name") and the profile picture on Edit profile (docs/api/README.md#users-and-friends).

const token = makeToken({ user_id: 7, username: 'ada', picture_url: 'https://example.com/ada.png' });

const ownPage = (displayName: string) => serveOwnAccount({ id: 7, username: 'ada', displayName });

async function renderEdit() {
  const view = renderApp('/profile/edit', { token });
  await screen.findByRole('heading', { name: 'Edit profile' });
  return {
    ...view,
    name: screen.getByLabelText('Name'),
    save: screen.getByRole('button', { name: 'Save name' }),
  };
}

describe('edit profile: name', () => {
  it('starts from the current display name and says the username stays', async () => {
    ownPage('Ada Lovelace');
    const { name } = await renderEdit();
    await waitFor(() => expect(name).toHaveValue('Ada Lovelace'));
    expect(name).toHaveAccessibleDescription('How friends see you; your username stays @ada');
  });

  it.each([
    ['   ', 'Name cannot be empty'],
    ['x'.repeat(41), 'Name must be at most 40 characters'],
    ['Ada\u200bL', 'Name cannot contain invisible characters such as zero-width spaces'],
    ['Ada\u202eL', 'Name cannot contain text-direction override characters'],
  ])('refuses %j before asking the server', async (typed, message) => {
    ownPage('');
    const seen = answer('patch', '/users/7', success({ field: 'displayName', value: typed }, { token }));
    const { name, save } = await renderEdit();
    await userEvent.type(name, typed);
    await userEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(seen).toHaveLength(0);
  });

  it('counts characters, not code units: 40 emoji are a name', async () => {
    ownPage('');
    const value = '🌷'.repeat(40);
    const seen = answer('patch', '/users/7', success({ field: 'displayName', value }, { token }));
    const { name, save } = await renderEdit();
    await userEvent.type(name, value);
    await userEvent.click(save);
    await waitFor(() => expect(seen).toHaveLength(1));
  });

  it('saves the trimmed name with PATCH displayName and stores the fresh token', async () => {
    ownPage('');
    const fresh = makeToken({ user_id: 7, username: 'ada' });
    const seen = answer(
      'patch',
      '/users/7',
      success({ field: 'displayName', value: 'Ada L' }, { token: fresh }),
    );
    const { name, save } = await renderEdit();
    await userEvent.type(name, '  Ada L ');
    await userEvent.click(save);
    expect(await screen.findByText('Name updated')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ field: 'displayName', value: 'Ada L' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    ownPage('');
    answerError('patch', '/users/7', 400, 'Display name cannot contain line breaks or control characters.');
    const { name, save } = await renderEdit();
    await userEvent.type(name, 'Grace');
    await userEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Display name cannot contain line breaks or control characters.',
    );
    expect(name).toHaveValue('Grace');
  });
});

describe('edit profile: picture', () => {
  it('removes the picture with PATCH pictureId null, and the session shows none at once', async () => {
    ownPage('');
    const fresh = makeToken({ user_id: 7, username: 'ada', picture_url: '' });
    const seen = answer(
      'patch',
      '/users/7',
      success({ field: 'pictureId', value: '', pictureUrl: '' }, { token: fresh }),
    );
    await renderEdit();
    expect(document.querySelector('img[src="https://example.com/ada.png"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Profile picture removed')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ field: 'pictureId', value: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
    await waitFor(() => expect(document.querySelector('img[src="https://example.com/ada.png"]')).toBeNull());
  });

  it('uploads a chosen photo, saves it with PATCH pictureId, and shows the new picture at once', async () => {
    ownPage('');
    const uploads = recordUploads();
    const url = 'https://example.com/new.webp';
    const fresh = makeToken({ user_id: 7, username: 'ada', picture_url: url });
    const seen = answer(
      'patch',
      '/users/7',
      success({ field: 'pictureId', value: 'x', pictureUrl: url }, { token: fresh }),
    );
    await renderEdit();
    await choosePhoto(pngFile());
    expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(seen[0]?.body).toEqual({ field: 'pictureId', value: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
    await waitFor(() => expect(document.querySelector(`img[src="${url}"]`)).not.toBeNull());
  });
});
