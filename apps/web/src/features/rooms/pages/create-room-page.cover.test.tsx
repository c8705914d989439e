import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { suggestCover } from '../lib/suggest-cover';
import { serveRooms } from '../testing';
import { fillValidForm, nameField, recordCreates, renderCreate, submit } from './create-room-page.testing';

// Issue 37 item 7c: every new room got the birthday cake, a crab dinner too. The cover now follows the name until
// the host picks one; a name that says nothing gets the neutral gathering picture.

beforeEach(() => serveRooms());

const picture = () => within(screen.getByRole('group', { name: 'Picture' }));
const checked = () =>
  picture()
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.getAttribute('value'));

describe('suggestCover', () => {
  it.each([
    ['Crab dinner', 'gathering'],
    ['Friday hotpot', 'gathering'],
    ["Mei's birthday", 'birthday'],
    ['Bday drinks', 'birthday'],
    ['Badminton Sunday', 'sports'],
    ['Bali trip', 'travel'],
    ['Karaoke night', 'party'],
    ['Dog walk', 'pets'],
    ['周五火锅', 'gathering'],
    ['小美生日', 'birthday'],
    ['Quiz Night', 'gathering'],
    ['', 'gathering'],
    // Whole words: "brunch" is not a run, "Barbara" not a bar.
    ['Brunch', 'gathering'],
    ["Barbara's book club", 'party'],
  ])('%j → %s', (name, cover) => {
    expect(suggestCover(name)).toBe(`/imgs/${cover}.png`);
  });
});

describe('create room: the cover follows the name', { timeout: 30_000 }, () => {
  it('a crab dinner gets no birthday cake; a birthday does', async () => {
    await renderCreate();
    expect(checked()).toEqual(['/imgs/gathering.png']);
    await userEvent.type(nameField(), "Mei's birthday");
    await waitFor(() => expect(checked()).toEqual(['/imgs/birthday.png']));
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Crab dinner');
    await waitFor(() => expect(checked()).toEqual(['/imgs/gathering.png']));
  });

  it('stays on the cover the host picked, and sends it', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await userEvent.click(picture().getByRole('radio', { name: 'Travel' }));
    await fillValidForm({ name: "Mei's birthday" });
    expect(checked()).toEqual(['/imgs/travel.png']);
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { room: { imageUrl: string } }).room.imageUrl).toBe('/imgs/travel.png');
  });

  it('sends the suggested cover when the host leaves it', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm({ name: 'Badminton Sunday' });
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { room: { imageUrl: string } }).room.imageUrl).toBe('/imgs/sports.png');
  });
});
