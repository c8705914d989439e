import type { roomImages } from '@outing/contract';

// A new room's cover, guessed from its name (issue 37: every room got the birthday cake, a crab dinner too). The
// built-in covers are six (public/imgs): birthday, gathering (people round a table: meals and get-togethers),
// party, sports, travel, pets. A name that says none of them gets the gathering: the most neutral of the six.

type Preset = (typeof roomImages)[number];

/** The neutral cover: a new room whose name suggests nothing else. */
export const NEUTRAL_COVER = '/imgs/gathering.png';

/** Words of each cover, English (whole words) and Chinese; the first cover whose word is in the name wins. */
const KEYWORDS: readonly [Preset, RegExp][] = [
  ['birthday', /\b(birthdays?|bday|b-day|cake)\b|生日|蛋糕/i],
  ['pets', /\b(dogs?|puppy|puppies|cats?|kittens?|pets?)\b|狗|猫|宠物/i],
  [
    'sports',
    /\b(football|soccer|futsal|badminton|tennis|pickleball|basketball|volleyball|run|running|marathon|gym|hike|hiking|cycling|swim|swimming|yoga|climbing|bouldering|golf|sports?|match)\b|羽毛球|足球|篮球|网球|跑步|爬山|徒步|运动|健身|游泳/i,
  ],
  [
    'travel',
    /\b(trip|travel|holiday|vacation|getaway|flight|road ?trip|weekend away|staycation|camping)\b|旅行|旅游|出游|度假/i,
  ],
  [
    'gathering',
    /\b(dinner|lunch|brunch|breakfast|supper|crab|food|bbq|barbecue|hotpot|steamboat|potluck|picnic|meal|feast|buffet|dim sum|ramen|sushi)\b|饭|餐|火锅|烧烤|野餐|聚餐/i,
  ],
  [
    'party',
    /\b(party|parties|drinks|bar|club|clubbing|karaoke|ktv|disco|celebration|farewell|housewarming|wedding|countdown)\b|派对|唱歌|庆祝|婚礼|跨年/i,
  ],
];

/** The cover a room called `name` gets until the host picks one: "Crab dinner" → gathering, "Mei's bday" → birthday. */
export function suggestCover(name: string): string {
  const match = KEYWORDS.find(([, words]) => words.test(name));
  return match ? `/imgs/${match[0]}.png` : NEUTRAL_COVER;
}
