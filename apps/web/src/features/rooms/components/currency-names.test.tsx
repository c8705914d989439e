import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currencyName, currencyOptions } from '../lib/currencies';
import { CurrencyPicker } from './currency-picker';

// Issue 37 item 7e: the currency list showed raw codes ("SLE SLE", "VED VED"): a browser whose CLDR data predates
// a code names it by the code itself. Names come from Intl.DisplayNames in the user's language, the newer codes'
// from the app's own table, and a code with no name at all shows once.

const RealDisplayNames = Intl.DisplayNames;

/** An older runtime: no currency has a name (DisplayNames answers the code, as browsers do for unknown ones). */
function runtimeWithoutNames() {
  class CodesOnly {
    of(code: string) {
      return code;
    }
  }
  Object.defineProperty(Intl, 'DisplayNames', { value: CodesOnly, configurable: true, writable: true });
}

afterEach(() => {
  Object.defineProperty(Intl, 'DisplayNames', {
    value: RealDisplayNames,
    configurable: true,
    writable: true,
  });
});

describe('currency names', () => {
  it('names currencies in the user’s language with Intl, never as their code', () => {
    const en = currencyOptions('en-IE');
    const zh = currencyOptions('zh-SG');
    expect(en.find((o) => o.code === 'SLE')?.name).toBe('Sierra Leonean Leone');
    expect(zh.find((o) => o.code === 'CNY')?.name).toBe('人民币');
    for (const o of [...en, ...zh]) expect(o.name).not.toBe(o.code);
  });

  it('on a runtime without the newer codes’ names: the app’s own, per language; else the code alone', () => {
    const names = { of: (code: string) => code } as unknown as Intl.DisplayNames;
    expect(currencyName('SLE', names, 'en-GB')).toBe('Sierra Leonean Leone');
    expect(currencyName('VED', names, 'en-GB')).toBe('Bolívar Soberano');
    expect(currencyName('ZWG', names, 'zh-CN')).toBe('津巴布韦金元');
    expect(currencyName('SGD', names, 'en-GB')).toBeNull();
    expect(currencyName('SGD', null, 'en-GB')).toBeNull();
  });

  it('the picker never reads "CODE CODE", even when the runtime names nothing', async () => {
    runtimeWithoutNames();
    render(<CurrencyPicker value="SGD" onChange={() => {}} locale="en-NZ" />);
    expect(screen.getByTestId('currency-current')).toHaveTextContent(/^SGD$/);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const list = screen.getByRole('radiogroup');
    const rows = within(list)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')!.textContent!);
    expect(rows.length).toBeGreaterThan(100);
    for (const text of rows) expect(text).not.toMatch(/^([A-Z]{3})\s*\1$/);
    expect(rows).toContain('Sierra Leonean LeoneSLE');
    expect(rows).toContain('SGD');
  });
});
