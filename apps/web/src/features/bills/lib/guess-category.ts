import type { BillCategory } from '@outing/contract';

// A bill's category guessed from its name (issue 36): a small word list per language, read on this device, nothing
// sent anywhere. Both lists are read whatever the interface's language, since a group writes "Grab 打车" as
// readily as "Taxi". "other" is never guessed: no match is no guess.

type WordList = Partial<Record<Exclude<BillCategory, 'other'>, readonly string[]>>;

/**
 * English: whole words (or phrases) of the name, in any case, a plural "-s"/"-es" included: "Beers" is drinks,
 * "barbecue" is not "bar".
 */
// prettier-ignore
export const ENGLISH_WORDS: WordList = {
  food: [
    'food', 'meal', 'breakfast', 'brunch', 'lunch', 'dinner', 'supper', 'snack', 'restaurant', 'cafe', 'bistro',
    'diner', 'hawker', 'pizza', 'burger', 'sushi', 'ramen', 'noodle', 'crab', 'prawn', 'seafood', 'bbq', 'barbecue',
    'hotpot', 'hot pot', 'dim sum', 'steak', 'pasta', 'curry', 'taco', 'kebab', 'sandwich', 'dessert', 'ice cream',
    'cake', 'bakery', 'takeaway', 'takeout', 'chicken rice', 'laksa', 'satay', 'dumpling', 'picnic',
  ],
  drinks: [
    'drink', 'beer', 'wine', 'cocktail', 'bar', 'pub', 'sake', 'soju', 'whisky', 'whiskey', 'vodka', 'gin', 'rum',
    'champagne', 'prosecco', 'coffee', 'kopi', 'tea', 'bubble tea', 'boba', 'juice', 'happy hour', 'latte',
  ],
  groceries: [
    'grocery', 'groceries', 'supermarket', 'market', 'fairprice', 'ntuc', 'costco', 'tesco', 'ingredient',
    'supplies', 'toiletries',
  ],
  transport: [
    'taxi', 'cab', 'grab', 'uber', 'lyft', 'gojek', 'train', 'bus', 'mrt', 'metro', 'subway', 'tube', 'flight',
    'plane', 'airfare', 'ferry', 'boat', 'fuel', 'petrol', 'parking', 'toll', 'car rental', 'rental car',
    'shinkansen', 'transport', 'ride',
  ],
  lodging: [
    'hotel', 'hostel', 'airbnb', 'motel', 'inn', 'ryokan', 'resort', 'accommodation', 'lodging', 'villa', 'cabin',
    'chalet', 'campsite', 'guesthouse', 'bnb',
  ],
  tickets: [
    'ticket', 'concert', 'cinema', 'movie', 'film', 'museum', 'admission', 'entry', 'entrance', 'show', 'theatre',
    'theater', 'zoo', 'aquarium', 'gig', 'festival', 'pass',
  ],
  activities: [
    'karaoke', 'ktv', 'bowling', 'kayak', 'kayaking', 'diving', 'snorkelling', 'snorkeling', 'hike', 'hiking',
    'tour', 'class', 'lesson', 'spa', 'massage', 'escape room', 'golf', 'ski', 'skiing', 'surfing', 'climbing',
    'activity', 'activities', 'game', 'billiards', 'pool table',
  ],
  shopping: ['shopping', 'gift', 'present', 'souvenir', 'clothes', 'shoes', 'mall'],
};

/**
 * Chinese: anywhere in the name (Chinese writes no spaces). Where two words start at the same place the longer
 * wins, so 酒店 is lodging and not 酒, 早茶 food and not 茶.
 */
// prettier-ignore
export const CHINESE_WORDS: WordList = {
  food: [
    '饭', '餐', '火锅', '烧烤', '外卖', '披萨', '比萨', '寿司', '拉面', '面条', '螃蟹', '蟹', '海鲜', '小吃', '夜宵',
    '宵夜', '甜品', '蛋糕', '点心', '早茶', '饺子', '麻辣烫', '串串', '食',
  ],
  drinks: ['酒', '啤酒', '红酒', '饮料', '咖啡', '奶茶', '茶', '喝', '酒吧', '果汁'],
  groceries: ['超市', '买菜', '菜市场', '杂货', '日用品', '食材', '便利店'],
  transport: [
    '打车', '出租车', '的士', '滴滴', '地铁', '火车', '高铁', '动车', '公交', '巴士', '机票', '航班', '飞机', '油费',
    '加油', '停车', '过路费', '船票', '渡轮', '租车', '交通',
  ],
  lodging: ['酒店', '宾馆', '旅馆', '民宿', '住宿', '青旅', '客栈', '房费', '旅店'],
  tickets: ['门票', '票', '电影', '演唱会', '音乐会', '博物馆', '展览', '入场'],
  activities: ['唱k', 'k歌', '卡拉ok', '保龄球', '潜水', '滑雪', '按摩', '温泉', '密室', '徒步', '活动', '课程', '桌游'],
  shopping: ['购物', '礼物', '纪念品', '衣服', '鞋', '商场', '手信'],
};

interface Match {
  category: BillCategory;
  at: number;
  length: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entries(list: WordList): [BillCategory, string][] {
  return Object.entries(list).flatMap(([category, words]) =>
    (words ?? []).map((word): [BillCategory, string] => [category as BillCategory, word]),
  );
}

// Built once: a pattern per English word, with the plural and the edges of a word (a letter or digit of the Latin
// alphabet on neither side; a Chinese character beside it is an edge: "Grab打车").
const englishPatterns = entries(ENGLISH_WORDS).map(([category, word]) => ({
  category,
  pattern: new RegExp(`(?<![a-z0-9])${escape(word).replace(/ /g, ' +')}(?:s|es)?(?![a-z0-9])`),
}));
const chineseWords = entries(CHINESE_WORDS);

/** The name as the lists read it: lower case, accents off ("Café" is "cafe"), punctuation as spaces. */
function normalise(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
}

/**
 * The category a bill named `name` most likely has, or null when no word of the lists is in it. The word that
 * comes first in the name decides ("Dinner and drinks" is food), and at the same place the longer one.
 */
export function guessCategory(name: string): BillCategory | null {
  const text = normalise(name);
  if (text.trim() === '') return null;
  let best: Match | null = null;
  const consider = (match: Match) => {
    if (!best || match.at < best.at || (match.at === best.at && match.length > best.length)) best = match;
  };
  for (const { category, pattern } of englishPatterns) {
    const found = pattern.exec(text);
    if (found) consider({ category, at: found.index, length: found[0].length });
  }
  for (const [category, word] of chineseWords) {
    const at = text.indexOf(word);
    if (at >= 0) consider({ category, at, length: word.length });
  }
  return (best as Match | null)?.category ?? null;
}
