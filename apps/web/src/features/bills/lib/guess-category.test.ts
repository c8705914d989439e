import { describe, expect, it } from 'vitest';
import { billCategories } from '@outing/contract';
import { CHINESE_WORDS, ENGLISH_WORDS, guessCategory } from './guess-category';

describe('guessCategory', () => {
  it.each([
    ['Dinner', 'food'],
    ['Chilli crab', 'food'],
    ['pizza night', 'food'],
    ['Beer', 'drinks'],
    ['3 beers', 'drinks'],
    ['Wine & cheese', 'drinks'],
    ['Taxi to the airport', 'transport'],
    ['Grab home', 'transport'],
    ['Train tickets', 'transport'],
    ['Airbnb Kyoto', 'lodging'],
    ['Hotel', 'lodging'],
    ['Museum entry', 'tickets'],
    ['Concert tickets', 'tickets'],
    ['Karaoke', 'activities'],
    ['Supermarket run', 'groceries'],
    ['Souvenirs', 'shopping'],
  ] as const)('%s → %s (English)', (name, category) => {
    expect(guessCategory(name)).toBe(category);
  });

  it.each([
    ['晚饭', 'food'],
    ['火锅', 'food'],
    ['啤酒', 'drinks'],
    ['奶茶', 'drinks'],
    ['打车回家', 'transport'],
    ['高铁票', 'transport'],
    ['酒店两晚', 'lodging'],
    ['民宿', 'lodging'],
    ['电影票', 'tickets'],
    ['唱K', 'activities'],
    ['超市买东西', 'groceries'],
    ['纪念品', 'shopping'],
  ] as const)('%s → %s (Chinese)', (name, category) => {
    expect(guessCategory(name)).toBe(category);
  });

  it('reads any case, accents and punctuation', () => {
    expect(guessCategory('DINNER')).toBe('food');
    expect(guessCategory('dInNeR!')).toBe('food');
    expect(guessCategory('Café Latte')).toBe('food');
    expect(guessCategory('(taxi)')).toBe('transport');
    expect(guessCategory('late-night ramen')).toBe('food');
  });

  it('matches whole words only', () => {
    // "bar" is not in "barbecue", "inn" not in "dinner", "tea" not in "steak", "cab" not in "cabinet"
    expect(guessCategory('Barbecue')).toBe('food');
    expect(guessCategory('Steak')).toBe('food');
    expect(guessCategory('Cabinet')).toBeNull();
    expect(guessCategory('Bartender tip')).toBeNull();
    expect(guessCategory('Pizzeria')).toBeNull();
    expect(guessCategory('Grabber')).toBeNull();
  });

  it('takes a plural -s or -es', () => {
    expect(guessCategory('Drinks')).toBe('drinks');
    expect(guessCategory('Buses')).toBe('transport');
    expect(guessCategory('Tickets')).toBe('tickets');
  });

  it('reads a name that mixes the languages', () => {
    expect(guessCategory('Grab打车')).toBe('transport');
    expect(guessCategory('KTV唱歌')).toBe('activities');
    expect(guessCategory('周五 beers')).toBe('drinks');
  });

  it('lets the word that comes first decide, and at the same place the longer one', () => {
    expect(guessCategory('Dinner and drinks')).toBe('food');
    expect(guessCategory('Drinks after dinner')).toBe('drinks');
    expect(guessCategory('Ice cream')).toBe('food');
    // 酒店 (hotel) starts where 酒 (alcohol) does; 早茶 (dim sum) where 早; 机票 (a plane ticket) before 票
    expect(guessCategory('酒店')).toBe('lodging');
    expect(guessCategory('早茶')).toBe('food');
    expect(guessCategory('机票')).toBe('transport');
    expect(guessCategory('啤酒和烧烤')).toBe('drinks');
  });

  it('guesses nothing when no word matches, and never "other"', () => {
    expect(guessCategory('')).toBeNull();
    expect(guessCategory('   ')).toBeNull();
    expect(guessCategory('Misc')).toBeNull();
    expect(guessCategory('For Ben')).toBeNull();
    expect(guessCategory('杂项')).toBeNull();
    expect(guessCategory('12.50')).toBeNull();
  });

  it('lists only categories the API knows, and no word twice', () => {
    for (const list of [ENGLISH_WORDS, CHINESE_WORDS]) {
      const words = Object.values(list).flat();
      expect(new Set(words).size).toBe(words.length);
      for (const category of Object.keys(list)) {
        expect(billCategories).toContain(category);
        expect(category).not.toBe('other');
      }
    }
  });

  it('guesses every listed word as its own category', () => {
    for (const list of [ENGLISH_WORDS, CHINESE_WORDS])
      for (const [category, words] of Object.entries(list))
        for (const word of words ?? []) expect([word, guessCategory(word)]).toEqual([word, category]);
  });
});
