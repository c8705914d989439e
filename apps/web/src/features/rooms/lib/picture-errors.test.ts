import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { setTestLanguage } from '@/test/i18n';
import { pictureUploadErrorMessage } from './picture-errors';

describe('pictureUploadErrorMessage', () => {
  it("says the server's own sentence for a refused picture", () => {
    const message = 'This picture is too long and narrow: at most 10 times as long as it is wide.';
    expect(pictureUploadErrorMessage(new ApiError({ status: 400, code: 'VALIDATION', message }))).toBe(
      message,
    );
  });

  it('says the server is busy (503), in the interface language when the answer had no sentence', () => {
    const busy = new ApiError({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'Outing is busy reading other pictures. Please try again in a moment.',
    });
    expect(pictureUploadErrorMessage(busy)).toBe(busy.message);
    const bare = new ApiError({ status: 503, code: 'INVALID_RESPONSE', message: '' });
    expect(pictureUploadErrorMessage(bare)).toBe(
      'Outing is busy reading other pictures. Please try again in a moment.',
    );
    setTestLanguage('zh');
    expect(pictureUploadErrorMessage(bare)).toBe('Outing 正忙于处理其他照片，请稍后再试。');
  });
});
