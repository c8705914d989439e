import { describe, expect, it } from 'vitest';
import { errorReasons } from '@outing/contract';
import en from './i18n/locales/en/reasons.json';
import zh from './i18n/locales/zh/reasons.json';
import { setTestLanguage } from '@/test/i18n';
import { ApiError, refusalText } from './api-error';

const refused = (reason: string | null, message: string, status = 409) =>
  new ApiError({ status, code: 'CONFLICT', message, reason });

// A server refusal is said from its reason (decision 021), never from its English message.
describe('refusalText', () => {
  it('says a known reason in the interface language', () => {
    expect(refusalText(refused('ROOM_CLOSED', 'This room is closed.'))).toBe('This room is closed.');
    setTestLanguage('zh');
    expect(refusalText(refused('ROOM_CLOSED', 'This room is closed.'))).toBe('这个聚会已关闭。');
    expect(refusalText(refused('ALREADY_STARTED', 'This outing has already started.'))).toBe(
      '这次活动已经开始了。',
    );
  });

  it('does not read the message: the reason decides, whatever the sentence', () => {
    setTestLanguage('zh');
    expect(refusalText(refused('ALREADY_MEMBER', 'This room is closed.'))).toBe('你已经在这个聚会里了！');
  });

  it('shows the server’s message for a reason it does not know, or none, or the fallback without either', () => {
    setTestLanguage('zh');
    expect(refusalText(refused('ROOM_ON_FIRE', 'This room is on fire.'))).toBe('This room is on fire.');
    expect(refusalText(refused(null, 'Something the server said.'))).toBe('Something the server said.');
    expect(refusalText(refused(null, ''), () => 'fallback')).toBe('fallback');
  });

  it('in English keeps the server’s sentence where it says more (names, amounts); other languages the reason', () => {
    const owing = 'You can leave once you are square here: you owe $6.00 to ann.';
    expect(refusalText(refused('NET_NOT_ZERO', owing))).toBe(owing);
    setTestLanguage('zh');
    expect(refusalText(refused('NET_NOT_ZERO', owing))).toBe(zh.netNotZero);
  });

  it('has a text for every reason of the contract in both catalogues', () => {
    const key = (r: string) => r.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    expect(errorReasons.map(key).filter((k) => !(k in en) || !(k in zh))).toEqual([]);
    expect(Object.keys(en)).toHaveLength(errorReasons.length);
  });
});
